import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { POST_PERMISSIONS as P } from '@dandelion/shared/system/post';
import { RECORD_STATUS_LABELS, type RecordStatus } from '@dandelion/shared';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { postApi, POST_TABLE_KEY, type Post, type PostSearch } from './api';
import { optionsOf } from '../../../lib/options';

const STATUS_OPTIONS = optionsOf(RECORD_STATUS_LABELS);
const SEARCH_FIELDS: SearchField[] = [
  { name: 'postName', label: '岗位名称' },
  { name: 'postCode', label: '岗位编码' },
  { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
];

/** /system/post/postList: posts staff hold, with 启用/停用 (spec §4). */
export default function PostListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<PostSearch>();
  const actions = useRecordActions();

  const columns: PagedColumn<Post>[] = [
    { key: 'postCode', title: '岗位编码', dataIndex: 'postCode', width: 160 },
    { key: 'postName', title: '岗位名称', dataIndex: 'postName' },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: RecordStatus) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{RECORD_STATUS_LABELS[v] ?? v}</Tag>,
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
            actions.toggleStatus({ status: row.status, permission: P.enable, change: (next) => postApi.setStatus(row.postId, row.lockVersion, next), after: refresh }),
            actions.remove({
              entity: '岗位', name: row.postName, permission: P.del, description: '仍有用户在岗的岗位不能删除。',
              remove: () => postApi.remove(row.postId, row.lockVersion), after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<PostSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Post, PostSearch>
        ref={table}
        tableKey={POST_TABLE_KEY}
        fetcher={postApi.page}
        params={search}
        columns={columns}
        rowKey="postId"
        onClearSearch={clearSearch}
        empty={{ what: '岗位', hint: '岗位标明用户担任的职务，新增后可在用户信息中分配。', add: { permission: P.add, onClick: () => open('postAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('postAdd') }]} />}
      />
    </Card>
  );
}
