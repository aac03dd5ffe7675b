import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import { sysDataPermission, sysRoleDataPermission } from '../datapermission/schema';
import { sysFunc } from '../func/schema';
import { sysRoleFunc } from './schema';
import { ROLE_MODULE, type ChangeContext, type RoleAdminService } from './service';

export interface PermissionTreeNode {
  funcId: number;
  pid: number | null;
  funcCode: string;
  funcName: string;
  funcType: string;
  children: PermissionTreeNode[];
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** Unknown (or deleted) ids of `table` among `ids`, so a binding is refused before anything changes. */
async function missing(ex: Executor, ids: number[], table: typeof sysFunc | typeof sysDataPermission): Promise<number[]> {
  if (!ids.length) return [];
  const found = await ex.select({ id: table.id }).from(table).where(and(inArray(table.id, ids), notDeleted(table)));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** What a role grants: menus and buttons (sys_role_func) and data-permission rules (spec §6: roles bind both). */
export function createRoleBindingService({ db, roles }: { db: Db; roles: RoleAdminService }) {
  async function current(ex: Executor, roleId: number) {
    const funcs = await ex.select({ id: sysRoleFunc.funcId }).from(sysRoleFunc).where(eq(sysRoleFunc.roleId, roleId)).orderBy(asc(sysRoleFunc.funcId));
    const rules = await ex.select({ id: sysRoleDataPermission.ruleId }).from(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, roleId)).orderBy(asc(sysRoleDataPermission.ruleId));
    return { funcIds: funcs.map((r) => r.id), ruleIds: rules.map((r) => r.id) };
  }

  return {
    /** The whole function tree (directories, menus, buttons) the permission drawer offers. */
    async permissionTree(): Promise<PermissionTreeNode[]> {
      const rows = await db
        .select({ funcId: sysFunc.id, pid: sysFunc.pid, funcCode: sysFunc.funcCode, funcName: sysFunc.funcName, funcType: sysFunc.funcType })
        .from(sysFunc)
        .where(notDeleted(sysFunc))
        .orderBy(asc(sysFunc.sort), asc(sysFunc.id));
      const nodes = new Map(rows.map((r) => [r.funcId, { ...r, children: [] as PermissionTreeNode[] }]));
      const roots: PermissionTreeNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.pid === null ? undefined : nodes.get(node.pid);
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },

    /** Data-permission rules a role may be given (all live ones; disabled rules are shown but marked). */
    async rules() {
      return db
        .select({ ruleId: sysDataPermission.id, ruleCode: sysDataPermission.ruleCode, ruleName: sysDataPermission.ruleName, scopeType: sysDataPermission.scopeType, status: sysDataPermission.status })
        .from(sysDataPermission)
        .where(notDeleted(sysDataPermission))
        .orderBy(asc(sysDataPermission.sort), asc(sysDataPermission.id));
    },

    async permissions(roleId: number) {
      await roles.findLive(roleId);
      return current(db, roleId);
    },

    /**
     * Replaces the role's menus/buttons and (when given) rules in one transaction; then every holder's
     * cached session is refreshed so the new permissions apply on their very next request.
     */
    async bind(roleId: number, input: { funcIds: number[]; ruleIds?: number[] }, change: ChangeContext) {
      const funcIds = sorted(input.funcIds);
      const ruleIds = input.ruleIds ? sorted(input.ruleIds) : undefined;
      const result = await withTransaction(db, async (tx) => {
        const role = await roles.findLive(roleId, tx);
        const unknownFuncs = await missing(tx, funcIds, sysFunc);
        if (unknownFuncs.length) throw errors.badRequest(`菜单或按钮不存在：${unknownFuncs.join(',')}`);
        const unknownRules = ruleIds ? await missing(tx, ruleIds, sysDataPermission) : [];
        if (unknownRules.length) throw errors.badRequest(`数据权限规则不存在：${unknownRules.join(',')}`);
        const before = await current(tx, roleId);
        await tx.delete(sysRoleFunc).where(eq(sysRoleFunc.roleId, roleId));
        if (funcIds.length) await tx.insert(sysRoleFunc).values(funcIds.map((funcId) => ({ roleId, funcId })));
        if (ruleIds) {
          await tx.delete(sysRoleDataPermission).where(eq(sysRoleDataPermission.roleId, roleId));
          if (ruleIds.length) await tx.insert(sysRoleDataPermission).values(ruleIds.map((ruleId) => ({ roleId, ruleId })));
        }
        const after = { funcIds, ruleIds: ruleIds ?? before.ruleIds };
        await recordOperation(tx, { module: ROLE_MODULE, action: 'BIND', entityId: roleId, summary: `为角色「${role.roleName}」分配权限`, before, after, ...change });
        return after;
      });
      await roles.refreshHolders(roleId);
      return result;
    },
  };
}
export type RoleBindingService = ReturnType<typeof createRoleBindingService>;
