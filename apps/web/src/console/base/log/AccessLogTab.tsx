import { Space, Tag, Typography } from 'antd';
import { EllipsisText } from '../../../components/format';
import type { PagedColumn } from '../../../components/PagedTable';
import type { SearchField } from '../../../components/SearchForm';
import { ACCESS_LOG_TABLE_KEY, fetchAccessLogPage, type AccessLog, type AccessLogSearch } from './api';
import { formatLogTime } from './format';
import { CLIENT_LABELS, CLIENT_OPTIONS } from './labels';
import { LogTable } from './LogTable';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'visitTime', label: '访问时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
  { name: 'client', label: '客户端', type: 'select', options: CLIENT_OPTIONS },
  { name: 'path', label: '页面路径', placeholder: '以 / 开头按前缀匹配' },
  { name: 'username', label: '用户名' },
  { name: 'ip', label: 'IP' },
];

/** Pages opened in the portal and the console (sys_access_log, reported by the browser). */
export function AccessLogTab() {
  const columns: PagedColumn<AccessLog>[] = [
    { key: 'createTime', title: '访问时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatLogTime(v) },
    { key: 'client', title: '客户端', dataIndex: 'client', width: 90, render: (v: string) => <Tag color={v === 'CONSOLE' ? 'blue' : 'green'}>{CLIENT_LABELS[v] ?? v}</Tag> },
    {
      key: 'page',
      title: '页面',
      settingsTitle: '页面',
      render: (_: unknown, row: AccessLog) => (
        <Space size={6} wrap>
          <span>{row.title ?? '（无标题）'}</span>
          <Typography.Text type="secondary">{row.path}</Typography.Text>
        </Space>
      ),
    },
    { key: 'referrer', title: '来源', dataIndex: 'referrer', width: 220, render: (v: string | null) => <EllipsisText text={v} length={30} empty="-" /> },
    { key: 'username', title: '用户', dataIndex: 'username', width: 120, render: (v: string | null) => v ?? <Typography.Text type="secondary">匿名</Typography.Text> },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '-' },
    { key: 'userAgent', title: '客户端标识', dataIndex: 'userAgent', defaultHidden: true, render: (v: string | null) => <EllipsisText text={v} length={40} empty="-" /> },
  ];
  return (
    <LogTable<AccessLog, AccessLogSearch>
      fields={SEARCH_FIELDS}
      tableKey={ACCESS_LOG_TABLE_KEY}
      fetcher={fetchAccessLogPage}
      columns={columns}
      scrollX={1000}
      empty={{ what: '访问日志', hint: '门户和控制台的页面每打开一次，都会在这里记录一条。' }}
    />
  );
}
