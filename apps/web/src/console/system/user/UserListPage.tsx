import { useState } from 'react';
import { App, Card, Modal, Tag, Typography } from 'antd';
import { DeleteOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { USER_PERMISSIONS, USER_STATUS_LABELS } from '@dandelion/shared/system/user';
import { ActionBar } from '../../../components/ActionBar';
import { DictLabel } from '../../../components/DictSelect';
import { hasSearchValues, PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { formatDateTime } from '../../../lib/date';
import { TreePanel } from '../../../components/TreePanel';
import { useHasPermission } from '../../../api/consoleStore';
import { deleteUsers, exportUsers, fetchRoleOptions, fetchUserPage, resetPassword, setFrozen, USER_TABLE_KEY, type UserItem, type UserSearch } from './api';
import { UserImportModal, UserOrgTree, UserRecycleDrawer } from './UserDialogs';

/** /system/user/userList: staff accounts by organisation, with freezing, roles, import and export. */
export default function UserListPage() {
  const { message } = App.useApp();
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<UserSearch>();
  const [org, setOrg] = useState<{ id: string; name?: string } | null>(null);
  const orgId = org?.id;
  const [importing, setImporting] = useState(false);
  const [recycling, setRecycling] = useState(false);
  const canList = useHasPermission(USER_PERMISSIONS.list);
  const roles = useQuery({ queryKey: ['user-role-options'], queryFn: ({ signal }) => fetchRoleOptions(signal), enabled: canList, staleTime: 60_000 });

  const params: UserSearch = orgId ? { ...search, orgId, includeChildOrgs: true } : search;

  const searchFields: SearchField[] = [
    { name: 'realname', label: '姓名' },
    { name: 'username', label: '用户名' },
    { name: 'phone', label: '手机号' },
    { name: 'status', label: '账号状态', type: 'select', options: Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label })) },
    { name: 'roleId', label: '角色', type: 'select', options: (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName })) },
  ];

  const freeze = async (row: UserItem, frozen: boolean) => {
    await setFrozen(row.userId, frozen);
    message.success(frozen ? '已冻结' : '已解冻');
    await refresh();
  };

  const reset = async (row: UserItem) => {
    const { generatedPassword } = await resetPassword(row.userId);
    Modal.success({
      title: '密码已重置',
      content: (
        <div>
          用户 {row.username} 的新密码（只显示这一次）：
          <Typography.Text copyable strong>
            {generatedPassword}
          </Typography.Text>
        </div>
      ),
    });
  };

  const columns: PagedColumn<UserItem>[] = [
    { key: 'username', title: '用户名', dataIndex: 'username', minWidth: 100 },
    { key: 'realname', title: '姓名', dataIndex: 'realname', width: 80, render: (v: string | null) => v || '-' },
    { key: 'phone', title: '手机号', dataIndex: 'phone', width: 112, render: (v: string | null) => v ?? '-' },
    { key: 'email', title: '邮箱', dataIndex: 'email', minWidth: 140, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'orgName', title: '所属机构', dataIndex: 'orgName', minWidth: 96, render: (v: string | null) => v ?? '-' },
    { key: 'empCode', title: '工号', dataIndex: 'empCode', width: 100, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'empStatus', title: '人员状态', dataIndex: 'empStatus', width: 80, render: (v: string) => <DictLabel category="EMP_STATUS" code={v} /> },
    {
      key: 'roles',
      title: '角色',
      dataIndex: 'roles',
      minWidth: 100,
      // Tags in one line: the cell cuts what does not fit and the tooltip names every role.
      ellipsis: { showTitle: false },
      render: (list: UserItem['roles']) => (
        <span title={list.map((r) => r.roleName).join('、')}>{list.length ? list.map((r) => <Tag key={r.roleId}>{r.roleName}</Tag>) : '-'}</span>
      ),
    },
    {
      key: 'status',
      title: '账号状态',
      dataIndex: 'status',
      width: 80,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'error'}>{USER_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'createTime', title: '创建时间', dataIndex: 'createTime', width: 150, defaultHidden: true, render: (t: string) => formatDateTime(t) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      // 修改 详情 更多 on one line.
      width: 176,
      render: (_: unknown, row: UserItem) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: USER_PERMISSIONS.upd, onClick: () => open('userUpd', { id: row.userId }) },
            { key: 'detail', label: '详情', permission: USER_PERMISSIONS.detail, onClick: () => open('userDetail', { id: row.userId }) },
            { key: 'perm', label: '分配角色', permission: USER_PERMISSIONS.perm, overflow: true, onClick: () => open('userPerm', { id: row.userId }) },
            {
              key: 'freeze',
              label: '冻结',
              permission: USER_PERMISSIONS.lock,
              overflow: true,
              hidden: row.status !== 'NORMAL',
              confirm: { title: `确定冻结用户 ${row.username} 吗？`, description: '冻结后该用户立即下线且不能登录。' },
              onClick: () => freeze(row, true),
            },
            {
              key: 'unfreeze',
              label: '解冻',
              permission: USER_PERMISSIONS.lock,
              overflow: true,
              hidden: row.status === 'NORMAL',
              confirm: { title: `确定解冻用户 ${row.username} 吗？` },
              onClick: () => freeze(row, false),
            },
            {
              key: 'reset',
              label: '重置密码',
              permission: USER_PERMISSIONS.reset,
              overflow: true,
              confirm: { title: `确定重置用户 ${row.username} 的密码吗？`, description: '将生成新的强密码，该用户需重新登录。' },
              onClick: () => reset(row),
            },
            {
              key: 'del',
              label: '删除',
              danger: true,
              permission: USER_PERMISSIONS.del,
              overflow: true,
              confirm: { title: `确定删除用户 ${row.username} 吗？`, description: '删除后可在回收站恢复。' },
              onClick: async () => {
                await deleteUsers([row.userId]);
                message.success('已移入回收站');
                await refresh();
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <TreePanel
        storageKey="system:user"
        title="组织机构"
        pickLabel="选择机构"
        picked={org?.name}
        pickedKey={orgId ?? null}
        width={220}
        tree={<UserOrgTree value={orgId} onChange={(id, name) => setOrg(id ? { id, name } : null)} />}
      >
        <Card>
          <SearchForm<UserSearch> ref={searchForm} fields={searchFields} onSearch={onSearch} />
          <PagedTable<UserItem, UserSearch>
            ref={table}
            tableKey={USER_TABLE_KEY}
            fetcher={fetchUserPage}
            params={params}
            columns={columns}
            rowKey="userId"
            onClearSearch={clearSearch}
            searched={hasSearchValues(search)}
            empty={{ what: '用户', title: orgId ? '该机构下还没有用户' : undefined, hint: '用户是登录控制台的工作人员账号，新增或导入后可为其分配角色和岗位。', add: { permission: USER_PERMISSIONS.add, onClick: () => open('userAdd') } }}
            toolbar={
              <ActionBar
                actions={[
                  { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: USER_PERMISSIONS.add, onClick: () => open('userAdd') },
                  { key: 'export', label: '导出', icon: <ExportOutlined />, permission: USER_PERMISSIONS.export, onClick: () => exportUsers(params) },
                  { key: 'import', label: '导入', icon: <ImportOutlined />, permission: USER_PERMISSIONS.import, onClick: () => setImporting(true) },
                  { key: 'recycle', label: '回收站', icon: <DeleteOutlined />, permission: USER_PERMISSIONS.recycle, onClick: () => setRecycling(true) },
                ]}
              />
            }
          />
        </Card>
      </TreePanel>
      <UserImportModal open={importing} onClose={() => setImporting(false)} onImported={() => void refresh()} />
      <UserRecycleDrawer open={recycling} onClose={() => setRecycling(false)} onRestored={() => void refresh()} />
    </>
  );
}
