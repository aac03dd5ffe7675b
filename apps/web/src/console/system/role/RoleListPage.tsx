import { useState } from 'react';
import { Card, Tag } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { RECORD_STATUS_LABELS as STATUS_LABELS } from '@dandelion/shared';
import { DATA_SCOPE_LABELS, ROLE_PERMISSIONS as P, SUPER_ROLE_CODE, type DataScope } from '@dandelion/shared/system/role';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { DictLabel, DictSelect } from '../../../components/DictSelect';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { exportRoles, fetchRolePage, roleApi, ROLE_TABLE_KEY, type Role, type RoleSearch } from './api';
import { PermissionDrawer, RoleUsersDrawer } from './RoleDrawers';
import { optionsOf } from '../../../lib/options';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'roleName', label: '角色名称' },
  { name: 'roleCode', label: '角色编码' },
  { name: 'roleType', label: '角色类型', type: 'custom', render: () => <DictSelect category="ROLE_TYPE" placeholder="请选择" /> },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(STATUS_LABELS) },
];

/** /system/role/roleList: roles, their permissions (分配权限) and holders (查看用户). */
export default function RoleListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<RoleSearch>();
  const actions = useRecordActions();
  const [permRole, setPermRole] = useState<Role | null>(null);
  const [usersRole, setUsersRole] = useState<Role | null>(null);

  const columns: PagedColumn<Role>[] = [
    { key: 'roleCode', title: '角色编码', dataIndex: 'roleCode', width: 140 },
    { key: 'roleName', title: '角色名称', dataIndex: 'roleName' },
    { key: 'roleType', title: '角色类型', dataIndex: 'roleType', width: 100, render: (v: string) => <DictLabel category="ROLE_TYPE" code={v} /> },
    { key: 'dataScope', title: '数据范围', dataIndex: 'dataScope', width: 120, render: (v: string) => DATA_SCOPE_LABELS[v as DataScope] ?? v },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true, render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 240,
      render: (_: unknown, row: Role) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('roleUpd', { id: row.roleId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('roleDetail', { id: row.roleId }) },
            { key: 'perm', label: '分配权限', permission: P.perm, overflow: true, onClick: () => setPermRole(row) },
            { key: 'users', label: '查看用户', permission: P.detail, overflow: true, onClick: () => setUsersRole(row) },
            {
              ...actions.remove({
                entity: '角色', name: row.roleName, permission: P.del, description: '仍有用户持有的角色不能删除。',
                remove: () => roleApi.remove(row.roleId, row.lockVersion), after: refresh,
              }),
              // The super role cannot be deleted: the server refuses it, so the button is not offered.
              hidden: row.roleCode === SUPER_ROLE_CODE,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<RoleSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Role, RoleSearch>
        ref={table}
        tableKey={ROLE_TABLE_KEY}
        fetcher={fetchRolePage}
        params={search}
        columns={columns}
        rowKey="roleId"
        onClearSearch={clearSearch}
        empty={{ what: '角色', hint: '角色汇集菜单和按钮权限，新增后为它分配权限，再在用户信息中授予用户。', add: { permission: P.add, onClick: () => open('roleAdd') } }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('roleAdd') },
              { key: 'export', label: '导出', icon: <ExportOutlined />, permission: P.export, onClick: () => exportRoles(search) },
            ]}
          />
        }
      />
      <PermissionDrawer role={permRole} onClose={() => setPermRole(null)} />
      <RoleUsersDrawer role={usersRole} onClose={() => setUsersRole(null)} />
    </Card>
  );
}
