import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { siblingPath } from '../../../components/form';
import { deletePost, fetchPostPage, POST_PERMISSIONS as P, POST_TABLE_KEY, STATUS_LABELS, updatePostStatus, type Post, type PostSearch } from './api';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'postName', label: '岗位名称' },
  { name: 'postCode', label: '岗位编码' },
  { name: 'status', label: '状态', type: 'select', options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })) },
];

/** /system/post/postList: posts staff hold, with 启用/停用 (spec §4). */
export default function PostListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<PostSearch>({});
  const open = (page: string, query?: Record<string, string>) => navigate(siblingPath(pathname, page, query));

  const columns: PagedColumn<Post>[] = [
    { key: 'postCode', title: '岗位编码', dataIndex: 'postCode', width: 160 },
    { key: 'postName', title: '岗位名称', dataIndex: 'postName' },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
    { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: Post) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('postUpd', { id: row.postId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('postDetail', { id: row.postId }) },
            {
              key: 'enable', label: row.status === 'NORMAL' ? '停用' : '启用', permission: P.enable, overflow: true,
              onClick: async () => {
                await updatePostStatus(row.postId, row.lockVersion, row.status === 'NORMAL' ? 'DISABLED' : 'NORMAL');
                message.success(row.status === 'NORMAL' ? '已停用' : '已启用');
                await table.current?.refresh();
              },
            },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
              confirm: { title: `确定删除岗位「${row.postName}」吗？`, description: '仍有用户在岗的岗位不能删除。' },
              onClick: async () => {
                await deletePost(row.postId, row.lockVersion);
                message.success('删除成功');
                await table.current?.refresh();
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<PostSearch>
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<Post, PostSearch>
        ref={table}
        tableKey={POST_TABLE_KEY}
        fetcher={fetchPostPage}
        params={search}
        columns={columns}
        rowKey="postId"
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('postAdd') }]} />}
      />
    </Card>
  );
}
