import { useState } from 'react';
import { Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PUBLICITY_DAY_KIND_LABELS, PUBLICITY_KIND_LABELS, PUBLICITY_PERMISSIONS as P, PUBLICITY_STATUS_LABELS, type PublicityKind, type PublicityStatus } from '@dandelion/shared/award/publicity';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { optionsOf } from '../../../lib/options';
import { publicityApi, PUBLICITY_TABLE_KEY, type PublicityDetail, type PublicityRow, type PublicitySearch } from './api';
import { PublicityDetailDrawer } from './PublicityDetailDrawer';
import { PublicityFormModal } from './PublicityFormModal';
import { publicityKindTag, publicityStatusTag } from './publicityTags';

/** The row's actions: each only with its permission and only in the states the server allows it. */
function rowActions(row: PublicityRow, show: () => void, edit: () => void, refresh: () => unknown): ActionButton[] {
  const ref = { publicityId: row.publicityId, lockVersion: row.lockVersion };
  const settle = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } finally {
      // Done or refused as out of date: the list shows the publicity as it is now.
      void refresh();
    }
  };
  return [
    { key: 'detail', label: '详情', permission: P.detail, onClick: show },
    { key: 'upd', label: '修改', permission: P.upd, hidden: row.status !== 'DRAFT', onClick: edit },
    {
      key: 'schedule', label: '发布', permission: P.schedule, hidden: row.status !== 'DRAFT',
      confirm: { title: `发布公示「${row.title}」？`, description: `${row.startDate} 起自动公示，至 ${row.endDate} 结束；发布后不能再修改。` },
      onClick: () => settle(() => publicityApi.schedule(ref)),
    },
    {
      key: 'withdraw', label: '撤回', permission: P.withdraw, danger: true, overflow: true, hidden: row.status !== 'DRAFT' && row.status !== 'SCHEDULED',
      confirm: { title: `撤回公示「${row.title}」？`, description: '撤回后该公示不再开始，可重新新增。' },
      onClick: () => settle(() => publicityApi.withdraw(ref)),
    },
    {
      key: 'close', label: '提前结束', permission: P.close, danger: true, hidden: row.status !== 'OPEN',
      confirm: { title: `提前结束公示「${row.title}」？`, description: '结束后门户显示为已结束，不再受理异议。' },
      onClick: () => settle(() => publicityApi.close(ref)),
    },
  ];
}

/** /award/publicity/publicityList: acceptance and result publicities with their windows, entries and moves. */
export default function PublicityListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<PublicitySearch>();
  const { editions, prizes } = useAwardFilterOptions();
  const [showing, setShowing] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: PublicityDetail | null } | null>(null);

  const fields: SearchField[] = [
    ...(editions ? [{ name: 'editionId', label: '届次', type: 'select' as const, options: editions }] : []),
    ...(prizes ? [{ name: 'prizeId', label: '奖种', type: 'select' as const, options: prizes }] : []),
    { name: 'kind', label: '类型', type: 'select', options: optionsOf(PUBLICITY_KIND_LABELS) },
    { name: 'status', label: '状态', type: 'select', options: optionsOf(PUBLICITY_STATUS_LABELS) },
  ];

  const columns: PagedColumn<PublicityRow>[] = [
    { key: 'title', title: '公示标题', dataIndex: 'title', minWidth: 220, render: (title: string, row) => <a onClick={() => setShowing(row.publicityId)}>{title}</a> },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 170 },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 130 },
    { key: 'kind', title: '类型', dataIndex: 'kind', width: 100, render: (k: PublicityKind) => publicityKindTag(k) },
    { key: 'window', title: '公示期', width: 250, render: (_: unknown, row) => `${row.startDate} 至 ${row.endDate}（${row.days} 个${PUBLICITY_DAY_KIND_LABELS[row.dayKind]}）` },
    { key: 'counts', title: '公示 / 未公示', width: 110, render: (_: unknown, row) => `${row.entryCount} / ${row.leftOutCount}` },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (s: PublicityStatus) => publicityStatusTag(s) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: PublicityRow) => (
        <ActionBar
          variant="row"
          actions={rowActions(row, () => setShowing(row.publicityId), () => void publicityApi.detail(row.publicityId).then((record) => setEditing({ record })), refresh)}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<PublicitySearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<PublicityRow, PublicitySearch>
        ref={table}
        tableKey={PUBLICITY_TABLE_KEY}
        fetcher={publicityApi.page}
        params={search}
        columns={columns}
        rowKey="publicityId"
        onClearSearch={clearSearch}
        empty={{ what: '公示', hint: '形式审查后新增受理公示，评审委员会后新增结果公示；发布后按开始日期自动公示。', add: { permission: P.add, onClick: () => setEditing({ record: null }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', icon: <PlusOutlined />, primary: true, permission: P.add, onClick: () => setEditing({ record: null }) }]} />}
      />
      <PublicityFormModal
        target={editing}
        editions={editions ?? []}
        prizes={prizes ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <PublicityDetailDrawer publicityId={showing} onClose={() => setShowing(null)} />
    </Card>
  );
}
