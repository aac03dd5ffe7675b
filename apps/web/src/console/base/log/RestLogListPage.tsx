import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card, InputNumber, Tag, Tooltip, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { REST_LOG_PERMISSIONS as P } from '@dandelion/shared/base/log';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import type { PagedColumn } from '../../../components/PagedTable';
import type { SearchField } from '../../../components/SearchForm';
import { siblingPath } from '../../../components/form';
import { useHasPermission } from '../../../api/consoleStore';
import { exportRestLogs, fetchRestLogPage, REST_LOG_TABLE_KEY, type RestLog, type RestLogSearch } from './api';
import { formatLogTime } from './format';
import { durationColor, METHOD_OPTIONS, STATUS_CLASS_OPTIONS, statusColor } from './labels';
import { LogTable } from './LogTable';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'callTime', label: '调用时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
  { name: 'path', label: '接口路径', placeholder: '以 / 开头按前缀匹配，否则按包含匹配' },
  { name: 'username', label: '用户名' },
  { name: 'method', label: '请求方法', type: 'select', options: METHOD_OPTIONS },
  { name: 'statusClass', label: '响应类别', type: 'select', options: STATUS_CLASS_OPTIONS },
  {
    name: 'status',
    label: 'HTTP 状态',
    type: 'custom',
    render: () => <InputNumber min={100} max={599} precision={0} style={{ width: '100%' }} placeholder="如 403" />,
  },
  { name: 'code', label: '业务码', placeholder: '如 0000、400' },
  {
    name: 'minDuration',
    label: '最短耗时',
    type: 'custom',
    render: () => <InputNumber min={0} max={3_600_000} precision={0} style={{ width: '100%' }} suffix="毫秒" placeholder="如 1000" />,
  },
  { name: 'ip', label: 'IP' },
  { name: 'requestId', label: '请求编号' },
];

/** /base/rest/restList: every API call, newest first (ARCHITECTURE §4 Logs). */
export default function RestLogListPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  // An operation log's detail links here with its request id.
  const initial: RestLogSearch = query.get('requestId') ? { requestId: query.get('requestId')! } : {};
  const canDetail = useHasPermission(P.detail);
  const open = (row: RestLog) => navigate(siblingPath(pathname, 'restDetail', { id: row.logId }));

  const columns: PagedColumn<RestLog>[] = [
    { key: 'createTime', title: '调用时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatLogTime(v) },
    { key: 'method', title: '方法', dataIndex: 'method', width: 80, render: (v: string) => <Tag>{v}</Tag> },
    {
      key: 'path',
      title: '接口路径',
      dataIndex: 'path',
      render: (path: string, row: RestLog) =>
        row.route && row.route !== path ? (
          <Tooltip title={`路由：${row.route}`}>
            <span>{path}</span>
          </Tooltip>
        ) : (
          <EllipsisText text={path} length={60} />
        ),
    },
    { key: 'status', title: 'HTTP 状态', dataIndex: 'status', width: 96, render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag> },
    { key: 'code', title: '业务码', dataIndex: 'code', width: 80, render: (v: string | null) => v ?? '-' },
    {
      key: 'durationMs',
      title: '耗时',
      dataIndex: 'durationMs',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text type={durationColor(v) === 'error' ? 'danger' : durationColor(v) ? 'warning' : undefined}>{v} ms</Typography.Text>,
    },
    { key: 'username', title: '用户', dataIndex: 'username', width: 120, render: (v: string | null) => v ?? <Typography.Text type="secondary">匿名</Typography.Text> },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '-' },
    { key: 'requestId', title: '请求编号', dataIndex: 'requestId', width: 300, defaultHidden: true },
  ];
  if (canDetail) {
    columns.push({
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 80,
      render: (_: unknown, row: RestLog) => <ActionBar variant="row" actions={[{ key: 'detail', label: '详情', permission: P.detail, onClick: () => open(row) }]} />,
    });
  }

  return (
    <Card>
      <LogTable<RestLog, RestLogSearch>
        fields={SEARCH_FIELDS}
        tableKey={REST_LOG_TABLE_KEY}
        fetcher={fetchRestLogPage}
        columns={columns}
        scrollX={1100}
        empty={{ what: '接口日志', hint: '每次调用平台接口都会在这里记录一条。' }}
        initialSearch={initial}
        toolbar={(search) => <ActionBar actions={[{ key: 'export', label: '导出', icon: <ExportOutlined />, permission: P.export, onClick: () => exportRestLogs(search) }]} />}
      />
    </Card>
  );
}
