import { Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { EXPERT_PUSH_PERMISSIONS } from '@dandelion/shared/award/expertPush';
import { REVIEW_GROUP_PERMISSIONS as P, REVIEW_GROUP_STATUS_LABELS, type ReviewGroupStatus } from '@dandelion/shared/award/reviewGroup';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { reviewGroupApi, REVIEW_GROUP_TABLE_KEY, type ReviewGroup, type ReviewGroupSearch } from './api';

const STATUS_COLORS: Record<ReviewGroupStatus, string> = { DRAFT: 'default', PROPOSED: 'processing', PUSHED: 'success' };
export const groupStatusTag = (status: ReviewGroupStatus) => <Tag color={STATUS_COLORS[status]}>{REVIEW_GROUP_STATUS_LABELS[status]}</Tag>;

/** /award/reviewGroup/reviewGroupList: the review groups with their counts; members, the proposal, edit and delete. */
export default function ReviewGroupListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<ReviewGroupSearch>();
  const actions = useRecordActions();
  const { editions, prizes } = useAwardFilterOptions();
  const fields: SearchField[] = [
    { name: 'groupName', label: '评审组名称' },
    ...(editions ? [{ name: 'editionId', label: '届次', type: 'select' as const, options: editions }] : []),
    ...(prizes ? [{ name: 'prizeId', label: '奖种', type: 'select' as const, options: prizes }] : []),
  ];

  const columns: PagedColumn<ReviewGroup>[] = [
    { key: 'groupName', title: '评审组名称', dataIndex: 'groupName', width: 180 },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 180 },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 140 },
    {
      key: 'disciplineCodes', title: '学科', dataIndex: 'disciplineCodes',
      render: (codes: string[]) => (codes.length ? <Space size={[4, 4]} wrap>{codes.map((c) => <Tag key={c}>{c}</Tag>)}</Space> : '—'),
    },
    { key: 'counts', title: '申报书 / 专家', width: 120, render: (_: unknown, row: ReviewGroup) => `${row.declarationCount} / ${row.expertCount}` },
    { key: 'k', title: '每项专家数', dataIndex: 'expertsPerDeclaration', width: 100 },
    { key: 'deadline', title: '评审截止', dataIndex: 'deadline', width: 110, render: (d: string | null) => d ?? '未设置' },
    { key: 'status', title: '状态', dataIndex: 'status', width: 100, render: (s: ReviewGroupStatus) => groupStatusTag(s) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 260,
      render: (_: unknown, row: ReviewGroup) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'members', label: '成员', permission: P.members, onClick: () => open('reviewGroupMembers', { id: row.groupId }) },
            { key: 'proposal', label: '分配方案', permission: EXPERT_PUSH_PERMISSIONS.list, onClick: () => open('expertPushProposal', { id: row.groupId }) },
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('reviewGroupUpd', { id: row.groupId }) },
            { key: 'detail', label: '详情', permission: P.detail, overflow: true, onClick: () => open('reviewGroupDetail', { id: row.groupId }) },
            ...(row.status === 'PUSHED'
              ? []
              : [actions.remove({ entity: '评审组', name: row.groupName, permission: P.del, remove: () => reviewGroupApi.remove(row.groupId, row.lockVersion), after: refresh })]),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<ReviewGroupSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<ReviewGroup, ReviewGroupSearch>
        ref={table}
        tableKey={REVIEW_GROUP_TABLE_KEY}
        fetcher={reviewGroupApi.page}
        params={search}
        columns={columns}
        rowKey="groupId"
        onClearSearch={clearSearch}
        empty={{ what: '评审组', hint: '评审组按届次、奖种和学科划分，组内申报书由本组专家评审。', add: { permission: P.add, onClick: () => open('reviewGroupAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('reviewGroupAdd') }]} />}
      />
    </Card>
  );
}
