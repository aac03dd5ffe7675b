import { Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { LOG_PERMISSIONS, LOGIN_TYPE_LABELS } from '@dandelion/shared/base/log';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import type { PageQuery, PagedColumn } from '../../../components/PagedTable';
import type { SearchField } from '../../../components/SearchForm';
import { exportLoginLogs, fetchLoginLogPage, LOGIN_LOG_TABLE_KEY, type LoginLog, type LoginLogSearch } from './api';
import { formatLogTime } from './format';
import { LOGIN_TYPE_OPTIONS } from './labels';
import { LogTable } from './LogTable';

/** The form's 登录结果 select holds '1'/'0'; the call wants a boolean. */
type LoginForm = Omit<LoginLogSearch, 'success'> & { success?: string };
const toSearch = ({ success, ...rest }: LoginForm): LoginLogSearch => (success === undefined ? rest : { ...rest, success: success === '1' });

const SEARCH_FIELDS: SearchField[] = [
  { name: 'loginTime', label: '登录时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
  { name: 'loginName', label: '登录名' },
  {
    name: 'success',
    label: '登录结果',
    type: 'select',
    options: [
      { value: '1', label: '成功' },
      { value: '0', label: '失败' },
    ],
  },
  { name: 'loginType', label: '登录方式', type: 'select', options: LOGIN_TYPE_OPTIONS },
  { name: 'ip', label: 'IP' },
];

const fetcher = (query: PageQuery<LoginForm>, signal: AbortSignal) => {
  const { pageParameter, ...form } = query;
  return fetchLoginLogPage({ ...toSearch(form), pageParameter }, signal);
};

/** Every sign-in attempt, successful or not (sys_login_log, written by the identity module). */
export function LoginLogTab() {
  const columns: PagedColumn<LoginLog>[] = [
    { key: 'createTime', title: '登录时间', dataIndex: 'createTime', width: 170, render: (v: string) => formatLogTime(v) },
    { key: 'loginName', title: '登录名', dataIndex: 'loginName', width: 140 },
    { key: 'loginType', title: '登录方式', dataIndex: 'loginType', width: 110, render: (v: string) => LOGIN_TYPE_LABELS[v as keyof typeof LOGIN_TYPE_LABELS] ?? v },
    { key: 'success', title: '结果', dataIndex: 'success', width: 80, render: (v: boolean) => <Tag color={v ? 'success' : 'error'}>{v ? '成功' : '失败'}</Tag> },
    { key: 'message', title: '提示信息', dataIndex: 'message', width: 200, render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 140 },
    { key: 'userAgent', title: '客户端', dataIndex: 'userAgent', width: 300, render: (v: string | null) => <EllipsisText text={v} length={36} empty="-" /> },
  ];
  return (
    <LogTable<LoginLog, LoginForm>
      fields={SEARCH_FIELDS}
      tableKey={LOGIN_LOG_TABLE_KEY}
      fetcher={fetcher}
      columns={columns}
      scrollX={1240}
      empty={{ what: '登录日志', hint: '每次登录控制台或门户，无论成功与否，都会在这里记录一条。' }}
      toolbar={(search) => (
        <ActionBar
          actions={[
            // Exporting needs the export code on top of the right to read this log.
            { key: 'export', label: '导出', icon: <ExportOutlined />, permission: LOG_PERMISSIONS.export, onClick: () => exportLoginLogs(toSearch(search)) },
          ]}
        />
      )}
    />
  );
}
