import { useLocation, useNavigate } from 'react-router';
import { Card, Select, Tag, Typography } from 'antd';
import { ExportOutlined, LoginOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LOG_PERMISSIONS as P } from '@dandelion/shared/base/log';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import type { PagedColumn } from '../../../components/PagedTable';
import type { SearchField } from '../../../components/SearchForm';
import { siblingPath } from '../../../components/form';
import { useHasPermission } from '../../../api/consoleStore';
import { exportOperLogs, fetchOperLogPage, fetchOperModules, OPER_LOG_TABLE_KEY, type OperLog, type OperLogSearch } from './api';
import { formatLogTime } from './format';
import { ACTION_OPTIONS, actionColor, actionLabel, moduleLabel } from './labels';
import { LogTable } from './LogTable';
import { VerifyChainButton } from './VerifyChainButton';

/** The modules that logged changes, named in Chinese, with their row counts. */
function ModuleSelect(props: { id?: string; value?: string; onChange?: (value: string | undefined) => void }) {
  const modules = useQuery({ queryKey: ['oper-log-modules'], queryFn: ({ signal }) => fetchOperModules(signal), staleTime: 60_000 });
  return (
    <Select
      {...props}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择"
      loading={modules.isPending}
      options={(modules.data ?? []).map((m) => ({ value: m.module, label: `${moduleLabel(m.module)}（${m.total}）` }))}
    />
  );
}

const SEARCH_FIELDS: SearchField[] = [
  { name: 'operTime', label: '操作时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
  { name: 'module', label: '模块', type: 'custom', render: () => <ModuleSelect /> },
  { name: 'action', label: '操作类型', type: 'select', options: ACTION_OPTIONS },
  { name: 'username', label: '操作人' },
  { name: 'entityId', label: '记录编号' },
  { name: 'text', label: '摘要关键字' },
];

/** /base/log/logList: who changed what, newest first; the detail shows the record before and after. */
export default function OperLogListPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canDetail = useHasPermission(P.detail);
  const canVerify = useHasPermission(P.verify);

  const columns: PagedColumn<OperLog>[] = [
    { key: 'createTime', title: '操作时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatLogTime(v) },
    {
      key: 'module',
      title: '模块',
      dataIndex: 'module',
      width: 150,
      render: (v: string) => (
        <span title={v}>
          {moduleLabel(v)}
        </span>
      ),
    },
    { key: 'action', title: '操作', dataIndex: 'action', width: 110, render: (v: string) => <Tag color={actionColor(v)}>{actionLabel(v)}</Tag> },
    { key: 'summary', title: '摘要', dataIndex: 'summary', render: (v: string) => <EllipsisText text={v} length={40} /> },
    { key: 'entityId', title: '记录编号', dataIndex: 'entityId', width: 100, render: (v: string | null) => v ?? '-' },
    { key: 'username', title: '操作人', dataIndex: 'username', width: 120, render: (v: string | null) => v ?? <Typography.Text type="secondary">系统</Typography.Text> },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130, render: (v: string | null) => v ?? '-' },
    { key: 'requestId', title: '请求编号', dataIndex: 'requestId', width: 300, defaultHidden: true },
  ];
  if (canDetail) {
    columns.push({
      key: 'action-bar',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 80,
      render: (_: unknown, row: OperLog) => (
        <ActionBar variant="row" actions={[{ key: 'detail', label: '详情', permission: P.detail, onClick: () => navigate(siblingPath(pathname, 'logDetail', { id: row.logId })) }]} />
      ),
    });
  }

  return (
    <Card>
      <LogTable<OperLog, OperLogSearch>
        fields={SEARCH_FIELDS}
        tableKey={OPER_LOG_TABLE_KEY}
        fetcher={fetchOperLogPage}
        columns={columns}
        scrollX={1000}
        empty={{ what: '操作日志', hint: '每次新增、修改、删除等操作都会在这里记录一条，详情中可比较变更前后的内容。' }}
        toolbar={(search) => (
          <>
          {canVerify && <VerifyChainButton />}
          <ActionBar
            actions={[
              { key: 'export', label: '导出', icon: <ExportOutlined />, permission: P.export, onClick: () => exportOperLogs(search) },
              // The sign-in and access logs are a hidden page of this menu entry (seeded so): reached from here.
              { key: 'login', label: '登录与访问日志', icon: <LoginOutlined />, permission: P.login, onClick: () => navigate(siblingPath(pathname, 'loginLogList')) },
            ]}
          />
          </>
        )}
      />
    </Card>
  );
}
