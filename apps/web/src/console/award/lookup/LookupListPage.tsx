import { useState } from 'react';
import { Button, Card, Switch, Tooltip } from 'antd';
import { PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  FUND_PERMISSIONS,
  LOOKUP_KIND_LABELS,
  LOOKUP_LEVEL_LABELS,
  ORIGIN_PERMISSIONS,
  PROJECT_PERMISSIONS,
  type LookupKind,
} from '@dandelion/shared/award/lookup';
import { formatDateTime } from '../../../lib/date';
import { optionsOf } from '../../../lib/options';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { lookupApi, LOOKUP_TABLE_KEYS, type Lookup, type LookupSearch } from './api';
import { levelTag, LookupDetailModal, LookupFormModal, type LookupFormTarget } from './LookupForms';

const PERMISSIONS = { FUND: FUND_PERMISSIONS, PROJECT: PROJECT_PERMISSIONS, ORIGIN: ORIGIN_PERMISSIONS } as const;

/** What each list is for, on its empty state. */
const HINTS: Readonly<Record<LookupKind, string>> = {
  FUND: '基金是项目的资助渠道（如国家自然科学基金），申报书填写任务来源时从中选择。',
  PROJECT: '计划项目是国家和省的科技计划、重大专项，申报书填写任务来源时从中选择。',
  ORIGIN: '任务来源是项目立项的类别（国家计划、企业委托等），申报书从中选择。',
};

/** 只看收藏 as a switch in the search form (the form hands it value/onChange). */
function CollectedOnlySwitch({ value, onChange, id }: { value?: boolean; onChange?: (value: boolean | undefined) => void; id?: string }) {
  // Off sends no condition rather than collectedOnly: false, so 重置 and an untouched switch search alike.
  return <Switch id={id} aria-label="只看收藏" checked={!!value} onChange={(checked) => onChange?.(checked || undefined)} />;
}

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '名称/编号', placeholder: '请输入名称或编号' },
  { name: 'level', label: '级别', type: 'select', options: optionsOf(LOOKUP_LEVEL_LABELS) },
  { name: 'collectedOnly', label: '只看收藏', type: 'custom', render: () => <CollectedOnlySwitch /> },
];

/** ☆ / ★: keeps or drops the caller's favourite; favourites come first in every list and picker. */
function CollectStar({ row, toggle }: { row: Lookup; toggle: (row: Lookup) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const label = row.collected ? '取消收藏' : '收藏';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={`${label}「${row.name}」`}
        aria-pressed={row.collected}
        loading={busy}
        icon={row.collected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => {
          setBusy(true);
          void toggle(row).finally(() => setBusy(false));
        }}
      />
    </Tooltip>
  );
}

/** /award/fund|project|origin/…List: one list of lookups with the caller's favourites first. */
export function LookupListPage({ kind }: { kind: LookupKind }) {
  const [api] = useState(() => lookupApi(kind));
  const P = PERMISSIONS[kind];
  const entity = LOOKUP_KIND_LABELS[kind];
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<LookupSearch>();
  const actions = useRecordActions();
  const [formTarget, setFormTarget] = useState<LookupFormTarget | null>(null);
  const [shown, setShown] = useState<Lookup | null>(null);

  const toggle = async (row: Lookup) => {
    await api.setCollected(row.id, !row.collected);
    await refresh();
  };
  const add = () => setFormTarget({ record: null });

  const columns: PagedColumn<Lookup>[] = [
    {
      key: 'collected', title: '收藏', settingsTitle: '收藏', dataIndex: 'collected', width: 64, align: 'center',
      render: (_: unknown, row: Lookup) => <CollectStar row={row} toggle={toggle} />,
    },
    { key: 'name', title: '名称', dataIndex: 'name', ellipsis: true },
    { key: 'code', title: '编号', dataIndex: 'code', width: 120, render: (v: string | null) => v ?? '—' },
    { key: 'agency', title: '主管部门', dataIndex: 'agency', width: 180, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { key: 'level', title: '级别', dataIndex: 'level', width: 90, render: (v: string) => levelTag(v) },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 170, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 180,
      render: (_: unknown, row: Lookup) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '编辑', permission: P.upd, onClick: () => setFormTarget({ record: row }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => setShown(row) },
            actions.remove({
              entity, name: row.name, permission: P.del, overflow: false,
              description: '已填写该项的申报书保留其名称；收藏了它的用户不再看到它。',
              remove: () => api.remove(row), after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<LookupSearch> ref={searchForm} name={`lookup-search-${kind.toLowerCase()}`} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Lookup, LookupSearch>
        ref={table}
        tableKey={LOOKUP_TABLE_KEYS[kind]}
        fetcher={api.page}
        params={search}
        columns={columns}
        rowKey="id"
        onClearSearch={clearSearch}
        empty={{ what: entity, hint: HINTS[kind], add: { permission: P.add, onClick: add } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: add }]} />}
      />
      <LookupFormModal
        kind={kind}
        api={api}
        target={formTarget}
        onSaved={() => {
          setFormTarget(null);
          void refresh();
        }}
        onClose={() => setFormTarget(null)}
      />
      <LookupDetailModal
        kind={kind}
        record={shown}
        editPermission={P.upd}
        onEdit={(record) => {
          setShown(null);
          setFormTarget({ record });
        }}
        onClose={() => setShown(null)}
      />
    </Card>
  );
}

export const FundListPage = () => <LookupListPage kind="FUND" />;
export const ProjectListPage = () => <LookupListPage kind="PROJECT" />;
export const OriginListPage = () => <LookupListPage kind="ORIGIN" />;
