import { useMemo, useState, type Key } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Empty, Space, Spin, Tree, Typography } from 'antd';
import { PermissionTreeToolbar, usePermissionTreeView } from './permissionTreeView';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { PagedTable, type PagedColumn } from '../../../components/PagedTable';
import { USER_STATUS_LABELS } from '@dandelion/shared/system/user';
import { bindRolePermission, fetchPermissionTree, fetchRolePermission, fetchRoleUsers, type FuncNode, type Role, type RoleUser } from './api';


function leafIds(nodes: FuncNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.children.length) leafIds(n.children, into);
    else into.add(n.funcId);
  }
  return into;
}

/**
 * 分配权限: the whole menu-and-button tree with half-checked parents, plus the data-permission rules.
 * What is sent: every fully checked node plus every half-checked parent (a granted button needs its
 * menu and directory to be reachable). What is shown: only bound leaves are set as checked, and the
 * tree derives its parents' state, so a parent bound with only some children reads as half-checked.
 */
export function PermissionDrawer({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { message } = App.useApp();
  const roleId = role?.roleId ?? '';
  const tree = useQuery({ queryKey: ['role-permission-tree'], queryFn: ({ signal }) => fetchPermissionTree(signal), enabled: !!role });
  const bound = useQuery({ queryKey: ['role-permission', roleId], queryFn: ({ signal }) => fetchRolePermission(roleId, signal), enabled: !!role, gcTime: 0 });
  // Until the user changes them, the bound leaves and rules are what is ticked.
  const [edited, setEdited] = useState<{ roleId: string; checked?: Key[]; halfChecked?: Key[]; ruleIds?: string[] } | null>(null);
  const mine = edited && edited.roleId === roleId ? edited : null;
  const boundLeaves = useMemo(() => {
    if (!tree.data || !bound.data) return [];
    const leaves = leafIds(tree.data.funcs);
    return bound.data.funcIds.filter((id) => leaves.has(id));
  }, [tree.data, bound.data]);
  const checked = mine?.checked ?? boundLeaves;
  const halfChecked = mine?.halfChecked ?? [];
  const ruleIds = mine?.ruleIds ?? bound.data?.ruleIds ?? [];
  const edit = (change: { checked?: Key[]; halfChecked?: Key[]; ruleIds?: string[] }) => setEdited({ ...mine, ...change, roleId });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const view = usePermissionTreeView(tree.data?.funcs);
  const close = () => {
    setEdited(null);
    setError(null);
    onClose();
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const funcIds = [...new Set([...checked, ...halfChecked].map(String))];
      await bindRolePermission(roleId, { funcIds, ruleIds });
      message.success('权限已保存');
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const loadError = tree.error ?? bound.error;
  return (
    <Drawer
      open={!!role}
      onClose={close}
      destroyOnHidden
      size="large"
      title={`分配权限：${role?.roleName ?? ''}`}
      footer={
        <Space>
          <BusyButton type="primary" busy={saving} disabled={!tree.data || !bound.data} onClick={() => void save()}>
            保存
          </BusyButton>
          <Button onClick={close}>取消</Button>
        </Space>
      }
    >
      {loadError && <Alert type="error" showIcon title={errorMessage(loadError)} style={{ marginBottom: 16 }} />}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={tree.isPending || bound.isPending}>
        <Typography.Title level={5}>菜单与按钮</Typography.Title>
        {view.treeData.length ? (
          <>
            <PermissionTreeToolbar
              view={view}
              onCheckAll={(all) => edit({ checked: all ? view.allKeys : [], halfChecked: [] })}
            />
            <Tree
              checkable
              treeData={view.treeData}
              expandedKeys={view.expandedKeys}
              onExpand={view.setExpandedKeys}
              checkedKeys={checked}
              onCheck={(keys, info) => edit({ checked: Array.isArray(keys) ? keys : keys.checked, halfChecked: info.halfCheckedKeys ?? [] })}
            />
            {view.keyword && !view.matchCount && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有名称或标识包含“${view.keyword}”的菜单`} />}
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有菜单，可在“功能菜单”中新增。" />
        )}
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          数据权限规则
        </Typography.Title>
        {tree.data?.rules.length ? (
          <Checkbox.Group
            value={ruleIds}
            onChange={(values) => edit({ ruleIds: values as string[] })}
            options={tree.data.rules.map((r) => ({ value: r.ruleId, label: r.status === 'NORMAL' ? r.ruleName : `${r.ruleName}（已停用）` }))}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有数据权限规则，可在“数据权限”中新增。" />
        )}
      </Spin>
    </Drawer>
  );
}

const USER_COLUMNS: PagedColumn<RoleUser>[] = [
  { key: 'username', title: '用户名', dataIndex: 'username' },
  { key: 'realname', title: '姓名', dataIndex: 'realname', render: (v: string | null) => v ?? '-' },
  { key: 'phone', title: '手机号', dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
  { key: 'status', title: '状态', dataIndex: 'status', render: (v: string) => USER_STATUS_LABELS[v] ?? v },
];

/** Who holds a role, paged, phones masked by the server: the 查看用户 drawer and the detail page's 用户 tab. */
export function RoleUsersTable({ roleId }: { roleId: string }) {
  return (
    <PagedTable<RoleUser, object>
      tableKey="system:role:users"
      fetcher={(query, signal) => fetchRoleUsers(roleId, query, signal)}
      params={{}}
      columns={USER_COLUMNS}
      rowKey="id"
      empty={{ what: '用户', title: '还没有用户拥有该角色', hint: '在用户信息中授予该角色后，用户会显示在这里。' }}
    />
  );
}

/** 查看用户: who holds the role. */
export function RoleUsersDrawer({ role, onClose }: { role: Role | null; onClose: () => void }) {
  return (
    <Drawer open={!!role} onClose={onClose} destroyOnHidden size="large" title={`角色用户：${role?.roleName ?? ''}`}>
      {role && <RoleUsersTable roleId={role.roleId} />}
    </Drawer>
  );
}
