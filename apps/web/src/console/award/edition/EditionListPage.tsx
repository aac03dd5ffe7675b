import { App, Card, Space, Tag } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { EDITION_PERMISSIONS as P, EDITION_PHASE_LABELS, type EditionPhase } from '@dandelion/shared/award/edition';
import { optionsOf } from '../../../lib/options';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { editionApi, EDITION_TABLE_KEY, type Edition, type EditionSearch } from './api';
import { phaseTag } from './phaseTag';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'editionName', label: '届次名称' },
  { name: 'phase', label: '阶段', type: 'select', options: optionsOf(EDITION_PHASE_LABELS) },
];

const declarationOf = (edition: Edition) => edition.stages.find((s) => s.stage === 'DECLARATION');

/** /award/edition/editionList: editions with their prizes, declaration window and phase; 发布 and 复制上一届. */
export default function EditionListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<EditionSearch>();
  const actions = useRecordActions();
  const { message } = App.useApp();

  const columns: PagedColumn<Edition>[] = [
    { key: 'year', title: '年度', dataIndex: 'year', width: 80 },
    { key: 'editionName', title: '届次名称', dataIndex: 'editionName', width: 200 },
    {
      key: 'prizeNames', title: '开放奖种', dataIndex: 'prizeNames',
      render: (names: string[]) => (names.length ? <Space size={[4, 4]} wrap>{names.map((n) => <Tag key={n}>{n}</Tag>)}</Space> : '—'),
    },
    {
      key: 'declaration', title: '申报时间', width: 210,
      render: (_: unknown, row: Edition) => {
        const window = declarationOf(row);
        return window?.startDate && window.endDate ? `${window.startDate} 至 ${window.endDate}` : '未设置';
      },
    },
    { key: 'phase', title: '阶段', dataIndex: 'phase', width: 90, render: (v: EditionPhase) => phaseTag(v) },
    { key: 'published', title: '发布状态', dataIndex: 'published', width: 90, render: (v: boolean) => (v ? <Tag color="success">已发布</Tag> : <Tag>未发布</Tag>) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: Edition) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, hidden: row.phase === 'FINISHED', onClick: () => open('editionUpd', { id: row.editionId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('editionDetail', { id: row.editionId }) },
            {
              key: 'publish', label: '发布', permission: P.publish, hidden: row.published, overflow: true,
              confirm: { title: `确定发布「${row.editionName}」吗？`, description: '发布后将按申报日期自动开始和截止申报，已发布的届次不能删除。' },
              onClick: async () => {
                await editionApi.publish(row.editionId, row.lockVersion);
                message.success('发布成功');
                await refresh();
              },
            },
            ...(row.published
              ? []
              : [actions.remove({ entity: '届次', name: row.editionName, permission: P.del, remove: () => editionApi.remove(row.editionId, row.lockVersion), after: refresh })]),
          ]}
        />
      ),
    },
  ];

  const cloneLast = async () => {
    const cloned = await editionApi.cloneFromLast();
    message.success('已复制上一届，请设置各阶段日期');
    open('editionUpd', { id: cloned.editionId });
  };

  return (
    <Card>
      <SearchForm<EditionSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Edition, EditionSearch>
        ref={table}
        tableKey={EDITION_TABLE_KEY}
        fetcher={editionApi.page}
        params={search}
        columns={columns}
        rowKey="editionId"
        onClearSearch={clearSearch}
        empty={{ what: '届次', hint: '届次规定开放的奖种和各阶段日期，发布后门户即按日期开放申报。', add: { permission: P.add, onClick: () => open('editionAdd') } }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('editionAdd') },
              {
                key: 'clone', label: '复制上一届', icon: <CopyOutlined />, permission: P.clone,
                confirm: { title: '复制最近一届为新的届次？', description: '复制开放的奖种、审核层级、资格规则和申报通知，年度加一，各阶段日期需重新设置。' },
                onClick: cloneLast,
              },
            ]}
          />
        }
      />
    </Card>
  );
}
