import { useCallback, useEffect, useState, type Key } from 'react';
import { App, Input, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { EmptyState, PagedTable, useRefreshPagedTable, type PagedColumn } from '../../../components/PagedTable';
import { forgetRegions } from '../../../components/RegionCascader';
import { useHasPermission } from '../../../api/consoleStore';
import { MAX_REGION_LEVEL, REGION_LEVEL_LABELS, REGION_PERMISSIONS as P } from '@dandelion/shared/base/region';
import { regionApi, REGION_SEARCH_TABLE_KEY, type FoundRegion, type Region } from './api';
import { RegionFormModal, type RegionFormTarget } from './RegionForms';

const ROOT = 'root';
const LEVEL_COLORS: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'green', 4: 'orange', 5: 'purple' };

interface TreeRow extends Region {
  children?: TreeRow[];
}

/** Rows of the loaded levels; a row with children not read yet gets an empty list so it can be expanded. */
function rowsOf(levels: Readonly<Record<string, Region[]>>, key: string): TreeRow[] {
  return (levels[key] ?? []).map((r) => ({ ...r, children: r.hasChildren ? rowsOf(levels, r.regionId) : undefined }));
}

/** 行政区划 tab: the lazily loaded tree table, or the search answer as a flat list with full names. */
export function RegionTreeTab() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const refreshSearch = useRefreshPagedTable(REGION_SEARCH_TABLE_KEY);
  const canList = useHasPermission(P.list);
  const [levels, setLevels] = useState<Record<string, Region[]>>({});
  const [expanded, setExpanded] = useState<Key[]>([]);
  // The provinces load as soon as the page may list them.
  const [loadingLevel, setLoadingLevel] = useState(canList);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [form, setForm] = useState<RegionFormTarget | null>(null);

  const fetchLevel = useCallback(async (parentId: string | null) => {
    try {
      const list = await regionApi.level(parentId);
      setLevels((current) => ({ ...current, [parentId ?? ROOT]: list }));
    } finally {
      setLoadingLevel(false);
    }
  }, []);
  const loadLevel = (parentId: string | null) => {
    setLoadingLevel(true);
    return fetchLevel(parentId);
  };

  useEffect(() => {
    if (canList) fetchLevel(null).catch(() => undefined);
  }, [canList, fetchLevel]);

  /** After a change: the levels that show it are read again, and every cascader's cached levels go. */
  const afterChange = async (...parentIds: Array<string | null>) => {
    await Promise.all([...new Set(parentIds)].map((id) => (id === null || levels[id] ? loadLevel(id) : undefined)));
    await forgetRegions(client);
    if (keyword) await refreshSearch();
  };

  const edit = async (region: Region) => setForm({ record: await regionApi.detail(region.regionId) });

  const actionsOf = (region: Region & { pathCodes?: string[] }): ActionButton[] => [
    {
      key: 'addChild', label: '新增下级', permission: P.add, hidden: region.regionLevel >= MAX_REGION_LEVEL,
      onClick: async () => setForm({ record: null, parentPath: region.pathCodes ?? [...(await regionApi.detail(region.regionId)).parentPath, region.regionCode] }),
    },
    { key: 'upd', label: '修改', permission: P.upd, onClick: () => edit(region) },
    {
      key: 'del', label: '删除', permission: P.del, danger: true,
      confirm: { title: `确定删除「${region.regionName}」吗？`, description: '有下级区划或属于区划分组的不能删除。' },
      onClick: async () => {
        await regionApi.remove(region);
        message.success('删除成功');
        await afterChange(region.parentId);
      },
    },
  ];

  const levelTag = (level: number) => <Tag color={LEVEL_COLORS[level]}>{REGION_LEVEL_LABELS[level] ?? `${level}级`}</Tag>;
  const columns = [
    { key: 'regionName', title: '区划名称', dataIndex: 'regionName' },
    { key: 'regionCode', title: '区划代码', dataIndex: 'regionCode', width: 150 },
    { key: 'regionLevel', title: '级别', dataIndex: 'regionLevel', width: 100, render: levelTag },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string | null) => <EllipsisText text={v} length={12} empty="-" /> },
    { key: 'action', title: '操作', width: 200, render: (_: unknown, row: Region) => <ActionBar variant="row" actions={actionsOf(row)} /> },
  ];
  const searchColumns: PagedColumn<FoundRegion>[] = [
    { key: 'regionName', title: '区划名称', dataIndex: 'regionName' },
    { key: 'regionCode', title: '区划代码', dataIndex: 'regionCode', width: 150 },
    { key: 'fullName', title: '完整名称', dataIndex: 'fullName' },
    { key: 'regionLevel', title: '级别', dataIndex: 'regionLevel', width: 100, render: levelTag },
    { key: 'action', title: '操作', alwaysShown: true, width: 200, render: (_: unknown, row: FoundRegion) => <ActionBar variant="row" actions={actionsOf(row)} /> },
  ];

  const addTop = { permission: P.add, onClick: () => setForm({ record: null, parentPath: [] }) };
  const emptyHint = { what: '行政区划', hint: '区划按省、市、县逐级维护，先新增省级区划，再在其下新增下级。', add: { label: '新增省级区划', ...addTop } };

  const toolbar = (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
      <Space wrap>
        <Input.Search
          allowClear
          aria-label="搜索行政区划"
          placeholder="区划名称或代码，如 西湖 或 330106"
          enterButton="搜索"
          style={{ width: 320 }}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onSearch={(value) => setKeyword(value.trim())}
        />
        {!keyword && <Typography.Text type="secondary">展开节点逐级加载下级区划</Typography.Text>}
      </Space>
      <ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, ...addTop }]} />
    </Space>
  );

  return (
    <>
      {toolbar}
      {keyword ? (
        <PagedTable<FoundRegion, { keyword: string }>
          tableKey={REGION_SEARCH_TABLE_KEY}
          fetcher={regionApi.search}
          params={{ keyword }}
          columns={searchColumns}
          rowKey="regionId"
          onClearSearch={() => {
            setDraft('');
            setKeyword('');
          }}
          empty={emptyHint}
        />
      ) : (
        <Table<TreeRow>
          className="region-tree-table"
          rowKey="regionId"
          size="middle"
          loading={loadingLevel}
          columns={columns}
          dataSource={rowsOf(levels, ROOT)}
          pagination={false}
          // The table scrolls inside the page, so the page itself (and its header) stays put.
          scroll={{ y: 'calc(100vh - 420px)' }}
          expandable={{
            expandedRowKeys: expanded,
            onExpand: (open, row) => {
              setExpanded((keys) => (open ? [...keys, row.regionId] : keys.filter((k) => k !== row.regionId)));
              if (open && !levels[row.regionId]) void loadLevel(row.regionId).catch(() => undefined);
            },
          }}
          locale={{ emptyText: <EmptyState {...emptyHint} searched={false} loading={loadingLevel} /> }}
        />
      )}
      <RegionFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={async (saved) => {
          const before = form?.record?.parentId ?? null;
          setForm(null);
          await afterChange(before, saved.parentId);
          if (saved.parentId) setExpanded((keys) => (keys.includes(saved.parentId!) ? keys : [...keys, saved.parentId!]));
        }}
      />
    </>
  );
}
