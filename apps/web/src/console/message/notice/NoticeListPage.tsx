import { useState, type Key } from 'react';
import { App, Card, Space, Tag, Tooltip } from 'antd';
import { GlobalOutlined, PlusOutlined } from '@ant-design/icons';
import { NOTICE_PRIORITY_LABELS, NOTICE_STATUS_LABELS, type NoticeStatus } from '@dandelion/shared/message/notice';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions, type ActionButton } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../api/consoleStore';
import { PriorityTag } from '../../../components/PriorityTag/PriorityTag';
import {
  deleteNotice,
  deleteNotices,
  fetchNoticePage,
  NOTICE_PERMISSIONS as P,
  NOTICE_TABLE_KEY,
  syncNotices,
  updateNoticeStatus,
  type NoticeListItem,
  type NoticeSearch,
} from './api';
import { optionsOf } from '../../../lib/options';


const SEARCH_FIELDS: SearchField[] = [
  { name: 'title', label: '标题' },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(NOTICE_STATUS_LABELS) },
  { name: 'priority', label: '优先级', type: 'select', options: optionsOf(NOTICE_PRIORITY_LABELS) },
  { name: 'createTime', label: '创建时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
];

const STATUS_COLOURS: Record<NoticeStatus, string> = { DRAFT: 'default', RELEASED: 'success', REVOKED: 'warning' };

export function NoticeStatusTag({ status }: { status: NoticeStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{NOTICE_STATUS_LABELS[status] ?? status}</Tag>;
}

/** 全体用户, or the chosen roles, organisations and users by name. */
export function audienceText(row: Pick<NoticeListItem, 'audienceType' | 'audienceNames'>): string {
  if (row.audienceType === 'ALL') return '全体用户';
  return row.audienceNames.length ? row.audienceNames.join('、') : '指定范围';
}

/** /message/notice/noticeList: notices with release, revoke, sync and read receipts (spec §4). */
export default function NoticeListPage() {
  const { message } = App.useApp();
  const { table, searchForm, search, onSearch, clearSearch, refresh, open } = useListPage<NoticeSearch>();
  const actions = useRecordActions();
  const [selected, setSelected] = useState<Key[]>([]);
  const canDelete = useHasPermission(P.del);
  const done = async (text: string) => {
    message.success(text);
    await refresh();
  };

  const rowActions = (row: NoticeListItem): ActionButton[] => {
    const editable = row.status !== 'RELEASED';
    return [
      { key: 'upd', label: '修改', permission: P.upd, hidden: !editable, onClick: () => open('noticeUpd', { id: row.noticeId }) },
      { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('noticeDetail', { id: row.noticeId }) },
      {
        key: 'release',
        label: '发布',
        permission: P.release,
        hidden: !editable,
        confirm: {
          title: `确定发布通知「${row.title}」吗？`,
          description: `发布后将立即投递给：${audienceText(row)}`,
          okText: '发布',
        },
        onClick: async () => {
          await updateNoticeStatus(row.noticeId, row.lockVersion, 'RELEASED');
          await done('发布成功');
        },
      },
      {
        key: 'revoke',
        label: '撤回',
        permission: P.release,
        hidden: row.status !== 'RELEASED',
        danger: true,
        confirm: { title: `确定撤回通知「${row.title}」吗？`, description: '撤回后所有人将立即看不到这条通知。', okText: '撤回' },
        onClick: async () => {
          await updateNoticeStatus(row.noticeId, row.lockVersion, 'REVOKED');
          await done('已撤回');
        },
      },
      {
        key: 'receipt',
        label: '阅读情况',
        permission: P.receipt,
        hidden: row.status === 'DRAFT',
        overflow: true,
        onClick: () => open('noticeReceipt', { id: row.noticeId }),
      },
      {
        key: 'sync',
        label: '同步投递',
        permission: P.sync,
        hidden: row.status !== 'RELEASED',
        overflow: true,
        onClick: async () => {
          const result = await syncNotices([row.noticeId]);
          await done(`同步完成：新投递 ${result.delivered} 人，收回 ${result.withdrawn} 人`);
        },
      },
      actions.remove({
        entity: '通知',
        name: row.title,
        permission: P.del,
        description: row.status === 'RELEASED' ? '这条通知已发布，删除后所有人将立即看不到它。' : undefined,
        remove: async () => {
          await deleteNotice(row.noticeId, row.lockVersion);
          setSelected((keys) => keys.filter((k) => k !== row.noticeId));
        },
        after: refresh,
      }),
    ];
  };

  const columns: PagedColumn<NoticeListItem>[] = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      render: (_: unknown, row) => (
        <Space size={4}>
          <PriorityTag priority={row.priority} />
          <span>{row.title}</span>
          {row.isPublic && (
            <Tooltip title="公开到门户">
              <GlobalOutlined style={{ color: 'var(--ant-color-primary)' }} aria-label="公开到门户" />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (v: NoticeStatus) => <NoticeStatusTag status={v} /> },
    { key: 'audience', title: '发布范围', dataIndex: 'audienceNames', width: 180, render: (_: unknown, row) => audienceText(row) },
    {
      key: 'reads',
      title: '已读/投递',
      dataIndex: 'readCount',
      width: 100,
      render: (_: unknown, row) => (row.status === 'DRAFT' ? '-' : `${row.readCount}/${row.deliveredCount}`),
    },
    { key: 'publishTime', title: '发布时间', dataIndex: 'publishTime', width: 160, render: (v: string | null) => formatDateTime(v) || '-' },
    { key: 'expireTime', title: '失效时间', dataIndex: 'expireTime', width: 160, render: (v: string | null) => formatDateTime(v) || '长期有效' },
    { key: 'createBy', title: '创建人', dataIndex: 'createBy', width: 100, defaultHidden: true },
    { key: 'createTime', title: '创建时间', dataIndex: 'createTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 210,
      render: (_: unknown, row) => <ActionBar variant="row" actions={rowActions(row)} />,
    },
  ];

  return (
    <Card>
      <SearchForm<NoticeSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => {
          setSelected([]);
          onSearch(values);
        }}
      />
      <PagedTable<NoticeListItem, NoticeSearch>
        ref={table}
        tableKey={NOTICE_TABLE_KEY}
        fetcher={fetchNoticePage}
        params={search}
        columns={columns}
        rowKey="noticeId"
        onClearSearch={clearSearch}
        empty={{ what: '通知公告', hint: '通知公告发布后送达选定的用户，设为公开的还会显示在门户。', add: { permission: P.add, onClick: () => open('noticeAdd') } }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('noticeAdd') },
              actions.removeSelected({ selected, unit: '条通知', permission: P.del, description: '已发布的通知删除后所有人将立即看不到。', remove: deleteNotices, after: () => { setSelected([]); return refresh(); } }),
            ]}
          />
        }
      />
    </Card>
  );
}
