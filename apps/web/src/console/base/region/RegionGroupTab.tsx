import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { REGION_PERMISSIONS as P } from '@dandelion/shared/base/region';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { GROUP_TABLE_KEY, regionApi, type GroupDetail, type GroupRow, type GroupSearch } from './api';
import { GroupFormModal } from './RegionForms';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'groupName', label: '分组名称' },
  { name: 'groupCode', label: '分组编码' },
];

/** 区划分组 tab: named sets of regions (华东地区, 试点城市 …) with their members. */
export function RegionGroupTab() {
  const { table, searchForm, search, refresh, onSearch, clearSearch } = useListPage<GroupSearch>();
  const actions = useRecordActions();
  const [form, setForm] = useState<{ record: GroupDetail | null } | null>(null);

  const columns: PagedColumn<GroupRow>[] = [
    { key: 'groupName', title: '分组名称', dataIndex: 'groupName' },
    { key: 'groupCode', title: '分组编码', dataIndex: 'groupCode' },
    {
      key: 'members', title: '成员区划', dataIndex: 'memberNames',
      render: (names: string[], row) => (
        <Space size={[0, 4]} wrap>
          {names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
          {row.memberCount > names.length && <Typography.Text type="secondary">等 {row.memberCount} 个</Typography.Text>}
        </Space>
      ),
    },
    { key: 'memberCount', title: '成员数', dataIndex: 'memberCount', width: 80 },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string | null) => <EllipsisText text={v} length={16} empty="-" /> },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 140,
      render: (_: unknown, row: GroupRow) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: async () => setForm({ record: await regionApi.group(row.groupId) }) },
            actions.remove({
              entity: '区划分组', name: row.groupName, permission: P.del, overflow: false, description: '只解除分组与区划的关系，区划本身不受影响。',
              remove: () => regionApi.removeGroup(row), after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchForm<GroupSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<GroupRow, GroupSearch>
        ref={table}
        tableKey={GROUP_TABLE_KEY}
        fetcher={regionApi.groupPage}
        params={search}
        columns={columns}
        rowKey="groupId"
        onClearSearch={clearSearch}
        empty={{ what: '区划分组', hint: '分组把多个行政区划归在一起（如华东地区、试点城市），新增后可按组选择区划。', add: { label: '新增分组', permission: P.add, onClick: () => setForm({ record: null }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增分组', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setForm({ record: null }) }]} />}
      />
      <GroupFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={async () => {
          setForm(null);
          await refresh();
        }}
      />
    </>
  );
}
