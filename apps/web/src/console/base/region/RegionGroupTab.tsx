import { useRef, useState } from 'react';
import { App, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { deleteGroup, fetchGroup, fetchGroupPage, GROUP_TABLE_KEY, REGION_PERMISSIONS as P, type GroupDetail, type GroupRow, type GroupSearch } from './api';
import { GroupFormModal } from './RegionForms';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'groupName', label: '分组名称' },
  { name: 'groupCode', label: '分组编码' },
];

/** 区划分组 tab: named sets of regions (华东地区, 试点城市 …) with their members. */
export function RegionGroupTab() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<GroupSearch>({});
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
            { key: 'upd', label: '修改', permission: P.upd, onClick: async () => setForm({ record: await fetchGroup(row.groupId) }) },
            {
              key: 'del', label: '删除', permission: P.del, danger: true,
              confirm: { title: `确定删除区划分组「${row.groupName}」吗？`, description: '只解除分组与区划的关系，区划本身不受影响。' },
              onClick: async () => {
                await deleteGroup(row);
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
    <>
      <SearchForm<GroupSearch>
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<GroupRow, GroupSearch>
        ref={table}
        tableKey={GROUP_TABLE_KEY}
        fetcher={fetchGroupPage}
        params={search}
        columns={columns}
        rowKey="groupId"
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增分组', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setForm({ record: null }) }]} />}
      />
      <GroupFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={async () => {
          setForm(null);
          await table.current?.refresh();
        }}
      />
    </>
  );
}
