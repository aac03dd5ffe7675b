import { useState } from 'react';
import { App, Card, Descriptions, Modal, Typography } from 'antd';
import { COMPLAINT_PERMISSIONS as P } from '@dandelion/shared/cms/complaint';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions, type ActionButton } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { closeComplaint, COMPLAINT_TABLE_KEY, deleteComplaint, fetchComplaintPage, type Complaint, type ComplaintSearch } from './api';
import { COMPLAINT_STATUS_OPTIONS, ComplaintStatusTag } from './ComplaintStatusTag';
import { ReplyForm } from './ReplyForm';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '关键词', placeholder: '标题、内容、姓名或联系方式' },
  { name: 'status', label: '状态', type: 'select', options: COMPLAINT_STATUS_OPTIONS },
  { name: 'createTime', label: '提交时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
];

/** /cms/complaint/complaintList: complaints from the portal, answered, closed or deleted here. */
export default function ComplaintListPage() {
  const { message } = App.useApp();
  const { table, searchForm, search, refresh, onSearch, clearSearch, open, addressedSearch } = useListPage<ComplaintSearch>({}, { fromAddress: ['status'] });
  const actions = useRecordActions();
  const [replying, setReplying] = useState<Complaint | null>(null);

  const rowActions = (row: Complaint): ActionButton[] => [
    { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('complaintDetail', { id: row.complaintId }) },
    { key: 'reply', label: '回复', permission: P.reply, hidden: row.status === 'CLOSED', onClick: () => setReplying(row) },
    {
      key: 'close',
      label: '关闭',
      permission: P.close,
      hidden: row.status === 'CLOSED',
      confirm: { title: `确定关闭投诉建议「${row.title}」吗？`, description: row.status === 'PENDING' ? '该投诉建议尚未回复，关闭后不能再回复。' : '关闭后不能再回复。', okText: '关闭' },
      onClick: async () => {
        await closeComplaint(row.complaintId, row.lockVersion);
        message.success('已关闭');
        await refresh();
      },
    },
    actions.remove({
      entity: '投诉建议', name: row.title, permission: P.del, overflow: false,
      remove: () => deleteComplaint(row.complaintId, row.lockVersion), after: refresh,
    }),
  ];

  const columns: PagedColumn<Complaint>[] = [
    { key: 'title', title: '标题', dataIndex: 'title', ellipsis: true },
    { key: 'complainantName', title: '提交人', dataIndex: 'complainantName', width: 110 },
    { key: 'contact', title: '联系方式', dataIndex: 'contact', width: 140 },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (v: Complaint['status']) => <ComplaintStatusTag status={v} /> },
    { key: 'createTime', title: '提交时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'replyTime', title: '回复时间', dataIndex: 'replyTime', width: 160, render: (v: string | null) => formatDateTime(v) || '-' },
    { key: 'replyBy', title: '回复人', dataIndex: 'replyBy', width: 100, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'email', title: '邮箱', dataIndex: 'email', width: 180, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 130, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 240, render: (_: unknown, row) => <ActionBar variant="row" actions={rowActions(row)} /> },
  ];

  return (
    <Card>
      <SearchForm<ComplaintSearch> ref={searchForm} fields={SEARCH_FIELDS} initialValues={addressedSearch} onSearch={onSearch} />
      <PagedTable<Complaint, ComplaintSearch>
        ref={table}
        tableKey={COMPLAINT_TABLE_KEY}
        fetcher={fetchComplaintPage}
        params={search}
        columns={columns}
        rowKey="complaintId"
        onClearSearch={clearSearch}
        empty={{ what: '投诉', hint: '门户用户提交的投诉会显示在这里，可在此回复或关闭。' }}
      />
      <Modal open={!!replying} title={replying ? `回复：${replying.title}` : '回复'} onCancel={() => setReplying(null)} footer={null} width={640} destroyOnHidden>
        {replying && (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="提交人">
                {replying.complainantName}（{replying.contact}）
              </Descriptions.Item>
              <Descriptions.Item label="内容">
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{replying.content}</Typography.Paragraph>
              </Descriptions.Item>
            </Descriptions>
            <ReplyForm
              complaint={replying}
              onCancel={() => setReplying(null)}
              onReplied={() => {
                setReplying(null);
                void refresh();
              }}
            />
          </>
        )}
      </Modal>
    </Card>
  );
}
