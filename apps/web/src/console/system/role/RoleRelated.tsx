/** The 权限 tab of a role's detail page: what the role grants (its 用户 tab is RoleDrawers' RoleUsersTable). */
import { useMemo } from 'react';
import { Alert, Empty, Space, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ROLE_PERMISSIONS } from '@dandelion/shared/system/role';
import { errorMessage } from '../../../api/http';
import { useHasPermission } from '../../../api/consoleStore';
import { fetchPermissionTree, fetchRolePermission, type FuncNode } from './api';
import { funcTitle } from './permissionTreeView';

/** The granted part of the function tree: a node stays when it or one of its descendants is granted. */
export function grantedTree(nodes: FuncNode[], granted: ReadonlySet<string>): TreeDataNode[] {
  return nodes.flatMap((n) => {
    const children = grantedTree(n.children, granted);
    if (!granted.has(n.funcId) && !children.length) return [];
    return [{ key: n.funcId, title: funcTitle(n), children }];
  });
}

/** 权限: the role's menus and buttons as a read-only tree, and its data-permission rules. */
export function RolePermissionsTab({ roleId }: { roleId: string }) {
  const allowed = useHasPermission(ROLE_PERMISSIONS.perm);
  const tree = useQuery({ queryKey: ['role-permission-tree'], queryFn: ({ signal }) => fetchPermissionTree(signal), enabled: allowed });
  const bound = useQuery({ queryKey: ['role-permission', roleId], queryFn: ({ signal }) => fetchRolePermission(roleId, signal), enabled: allowed, gcTime: 0 });
  const granted = useMemo(() => {
    if (!tree.data || !bound.data) return [];
    return grantedTree(tree.data.funcs, new Set(bound.data.funcIds));
  }, [tree.data, bound.data]);
  if (!allowed) return <Alert type="info" showIcon title="查看角色权限需要“分配权限”的权限。" />;
  const error = tree.error ?? bound.error;
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} />;
  if (!tree.data || !bound.data) return <Spin />;
  const rules = tree.data.rules.filter((r) => bound.data.ruleIds.includes(r.ruleId));
  return (
    <div>
      <Typography.Title level={5}>菜单与按钮</Typography.Title>
      {granted.length ? (
        <Tree treeData={granted} defaultExpandAll selectable={false} aria-label="角色已授权的菜单与按钮" />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有授权菜单，可在角色列表中点“分配权限”。" />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        数据权限规则
      </Typography.Title>
      {rules.length ? (
        <Space size={[4, 8]} wrap>
          {rules.map((r) => (
            <Tag key={r.ruleId}>{r.status === 'NORMAL' ? r.ruleName : `${r.ruleName}（已停用）`}</Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text type="secondary">未绑定数据权限规则</Typography.Text>
      )}
    </div>
  );
}
