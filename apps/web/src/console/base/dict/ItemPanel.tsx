import { useState, type Key } from 'react';
import { App, Tag } from 'antd';
import { ExportOutlined, LockOutlined, OrderedListOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { DICT_PERMISSIONS as P } from '@dandelion/shared/base/dict';
import { dictApi, ITEM_TABLE_KEY, type CategoryNode, type DictRecord, type ItemSearch } from './api';
import { ItemFormModal, type ItemFormTarget } from './EntryForms';
import { ItemSortModal } from './ItemSortModal';

type LockFilter = 'locked' | 'unlocked';

interface ItemFilter {
  keyword?: string;
  lock?: LockFilter;
}

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '字典项', placeholder: '字典项编码或名称' },
  { name: 'lock', label: '状态', type: 'select', options: [{ value: 'locked', label: '已锁定' }, { value: 'unlocked', label: '未锁定' }] },
];

export interface ItemPanelProps {
  category: CategoryNode;
  /** After any change of the category's values (the console's cached copies must go, the tree's counts change). */
  onChanged: () => Promise<void>;
}

/** The right side of /base/dict/dictList: the selected category's values. */
export function ItemPanel({ category, onChanged }: ItemPanelProps) {
  const { message } = App.useApp();
  const actions = useRecordActions();
  // The list's handle and refresh come from the list-page hook, so passing `afterChange` to an action reads no ref while rendering.
  const { table, searchForm, search, onSearch, clearSearch, refresh } = useListPage<ItemFilter>();
  const { keyword, lock } = search;
  const [selected, setSelected] = useState<Key[]>([]);
  const [form, setForm] = useState<ItemFormTarget | null>(null);
  const [sorting, setSorting] = useState<CategoryNode | null>(null);

  const params: ItemSearch = {
    parentId: category.dictId,
    ...(keyword ? { keyword } : {}),
    ...(lock ? { lockFlag: lock === 'locked' } : {}),
  };

  const afterChange = async () => {
    await refresh();
    await onChanged();
  };

  const columns: PagedColumn<DictRecord>[] = [
    { key: 'dictName', title: '字典项名称', dataIndex: 'dictName', minWidth: 120 },
    { key: 'dictCode', title: '字典项编码', dataIndex: 'dictCode', minWidth: 120 },
    { key: 'dictSort', title: '排序', dataIndex: 'dictSort', width: 70, defaultHidden: true },
    {
      key: 'lockFlag', title: '状态', dataIndex: 'lockFlag', width: 96,
      render: (locked: boolean) => (locked ? <Tag icon={<LockOutlined />} color="warning">已锁定</Tag> : <Tag color="success">未锁定</Tag>),
    },
    { key: 'dictFullCode', title: '完整编码', dataIndex: 'dictFullCode', defaultHidden: true },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true, render: (v: string | null) => <EllipsisText text={v} length={12} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, width: 160,
      render: (_: unknown, row: DictRecord) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, disabled: row.lockFlag, onClick: () => setForm({ category, record: row }) },
            {
              key: 'lock', label: row.lockFlag ? '解锁' : '锁定', permission: P.lock,
              onClick: async () => {
                await dictApi.setLock(row, !row.lockFlag);
                message.success(row.lockFlag ? '已解锁' : '已锁定');
                await refresh();
              },
            },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, disabled: row.lockFlag,
              confirm: { title: `确定删除字典项「${row.dictName}」吗？`, description: '已被业务数据使用的编码删除后将只显示编码本身。' },
              onClick: async () => {
                await dictApi.removeItem(row);
                message.success('删除成功');
                setSelected((keys) => keys.filter((k) => k !== row.dictId));
                await afterChange();
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchForm<ItemFilter> ref={searchForm} name="dict-item-search" fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<DictRecord, ItemSearch>
        ref={table}
        tableKey={ITEM_TABLE_KEY}
        fetcher={dictApi.itemPage}
        params={params}
        columns={columns}
        rowKey="dictId"
        searched={!!keyword || !!lock}
        onClearSearch={clearSearch}
        empty={{ what: '字典项', hint: '字典项是该分类下可选的值，新增后即出现在使用它的下拉框中。', add: { permission: P.add, onClick: () => setForm({ category, record: null }) } }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (row) => ({ disabled: row.lockFlag, 'aria-label': `选择${row.dictName}` }) }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setForm({ category, record: null }) },
              actions.removeSelected({ selected, unit: '个字典项', permission: P.del, description: '任何一项删除不了，则全部不删。', remove: dictApi.removeItems, after: () => { setSelected([]); return afterChange(); } }),
              { key: 'sort', label: '排序', icon: <OrderedListOutlined />, permission: P.sort, onClick: () => setSorting(category) },
              { key: 'export', label: '导出', icon: <ExportOutlined />, permission: P.list, onClick: () => dictApi.exportItems(params) },
            ]}
          />
        }
      />
      <ItemFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={async () => {
          setForm(null);
          await afterChange();
        }}
      />
      <ItemSortModal
        category={sorting}
        onClose={() => setSorting(null)}
        onSaved={async () => {
          setSorting(null);
          await afterChange();
        }}
      />
    </>
  );
}
