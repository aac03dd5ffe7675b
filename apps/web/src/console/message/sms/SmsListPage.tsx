import { useState, type Key } from 'react';
import { App, Card, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../api/consoleStore';
import {
  deleteSms,
  deleteSmsBatch,
  exportSms,
  fetchSmsPage,
  SMS_PERMISSIONS,
  SMS_PROVIDER_LABELS,
  SMS_PURPOSE_LABELS,
  SMS_STATUS_LABELS,
  SMS_TABLE_KEY,
  type SmsLog,
  type SmsSearch,
  type SmsStatus,
} from './api';
import { optionsOf } from '../../../lib/options';


const SEARCH_FIELDS: SearchField[] = [
  { name: 'phone', label: '手机号' },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(SMS_STATUS_LABELS) },
  { name: 'purpose', label: '用途', type: 'select', options: optionsOf(SMS_PURPOSE_LABELS) },
  { name: 'sendTime', label: '发送时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
];

function StatusTag({ status }: { status: SmsStatus }) {
  return <Tag color={status === 'SENT' ? 'success' : 'error'}>{SMS_STATUS_LABELS[status] ?? status}</Tag>;
}

/** /message/sms/smsList (menu component 'message/sms/smsList'): every message the platform sent, newest first. */
export default function SmsListPage() {
  const { message } = App.useApp();
  const actions = useRecordActions();
  const { table, searchForm, search, onSearch, clearSearch, refresh } = useListPage<SmsSearch>();
  const [selected, setSelected] = useState<Key[]>([]);
  const canDelete = useHasPermission(SMS_PERMISSIONS.del);

  const refreshAfterDelete = async (text: string, removed: readonly Key[]) => {
    message.success(text);
    setSelected((keys) => keys.filter((key) => !removed.includes(key)));
    await refresh();
  };

  const removeOne = async (row: SmsLog) => {
    await deleteSms(row.id);
    await refreshAfterDelete('删除成功', [row.id]);
  };

  const columns: PagedColumn<SmsLog>[] = [
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
    {
      key: 'purpose',
      title: '用途',
      dataIndex: 'purpose',
      width: 100,
      render: (purpose: string) => SMS_PURPOSE_LABELS[purpose] ?? purpose,
    },
    { key: 'content', title: '内容', dataIndex: 'content', render: (content: string) => <EllipsisText text={content} /> },
    {
      key: 'provider',
      title: '服务商',
      dataIndex: 'provider',
      width: 100,
      render: (provider: string) => SMS_PROVIDER_LABELS[provider] ?? provider,
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (status: SmsStatus) => <StatusTag status={status} /> },
    {
      key: 'error',
      title: '失败原因',
      dataIndex: 'error',
      render: (error: string | null) => <EllipsisText text={error} length={20} empty="-" />,
    },
    { key: 'ip', title: '请求 IP', dataIndex: 'ip', width: 130, defaultHidden: true, render: (ip: string | null) => ip ?? '-' },
    {
      key: 'createTime',
      title: '发送时间',
      dataIndex: 'createTime',
      width: 160,
      render: (time: string) => formatDateTime(time),
    },
  ];
  // Delete is the only row action: without it the 操作 column would be empty.
  if (canDelete) {
    columns.push({
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 80,
      render: (_: unknown, row: SmsLog) => (
        <ActionBar
          variant="row"
          actions={[
            {
              key: 'del',
              label: '删除',
              permission: SMS_PERMISSIONS.del,
              danger: true,
              confirm: { title: '确定删除这条短信日志吗？', description: `${row.phone} · ${formatDateTime(row.createTime)}` },
              onClick: () => removeOne(row),
            },
          ]}
        />
      ),
    });
  }

  return (
    <Card>
      <SearchForm<SmsSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => {
          setSelected([]);
          onSearch(values);
        }}
      />
      <PagedTable<SmsLog, SmsSearch>
        ref={table}
        tableKey={SMS_TABLE_KEY}
        fetcher={fetchSmsPage}
        params={search}
        columns={columns}
        rowKey="id"
        onClearSearch={clearSearch}
        empty={{ what: '短信记录', hint: '平台每发出一条短信（验证码或通知），都会在这里记录一条，发送失败的也在内。' }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        toolbar={
          <ActionBar
            actions={[
              { key: 'export', label: '导出', icon: <DownloadOutlined />, permission: SMS_PERMISSIONS.export, onClick: () => exportSms(search) },
              actions.removeSelected({ selected, unit: '条短信日志', permission: SMS_PERMISSIONS.del, remove: deleteSmsBatch, after: (ids) => { setSelected((keys) => keys.filter((key) => !ids.includes(String(key)))); return refresh(); } }),
            ]}
          />
        }
      />
    </Card>
  );
}
