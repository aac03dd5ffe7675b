import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { roleRules } from '../datapermission/module';
import { funcDirectory } from '../func/module';
import { roleRepo } from './repo';
import { ROLE_MODULE, type RoleAdminService } from './service';

export interface PermissionTreeNode {
  funcId: number;
  pid: number | null;
  funcCode: string;
  funcName: string;
  funcType: string;
  children: PermissionTreeNode[];
}

const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
const missing = (ids: number[], known: Set<number>) => ids.filter((id) => !known.has(id));

/** What a role grants: menus and buttons and data-permission rules (spec §6: roles bind both). */
export function createRolePermissionService({ db, roles }: { db: Db; roles: RoleAdminService }) {
  return {
    /** The whole function tree (directories, menus, buttons) the permission drawer offers. */
    async permissionTree(): Promise<PermissionTreeNode[]> {
      const rows = await funcDirectory.liveOutline(db);
      const nodes = new Map(rows.map((r) => [r.funcId, { ...r, children: [] as PermissionTreeNode[] }]));
      const roots: PermissionTreeNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.pid === null ? undefined : nodes.get(node.pid);
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },

    /** Data-permission rules a role may be given (all live ones; disabled rules are shown but marked). */
    rules: () => roleRules.options(db),

    async permissions(roleId: number) {
      await roles.findLive(roleId);
      return { funcIds: await roleRepo.funcIdsOfRole(db, roleId), ruleIds: await roleRules.idsOf(db, roleId) };
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
        const unknownFuncs = missing(funcIds, new Set((await funcDirectory.live(tx, funcIds)).map((f) => f.id)));
        if (unknownFuncs.length) throw errors.badRequest(`菜单或按钮不存在：${unknownFuncs.join(',')}`);
        const before = { funcIds: await roleRepo.funcIdsOfRole(tx, roleId), ruleIds: await roleRules.idsOf(tx, roleId) };
        if (ruleIds) await roleRules.replace(tx, roleId, ruleIds);
        await roleRepo.replaceFuncs(tx, roleId, funcIds);
        const after = { funcIds, ruleIds: ruleIds ?? before.ruleIds };
        await recordOperation(tx, { module: ROLE_MODULE, action: 'BIND', entityId: roleId, summary: `为角色「${role.roleName}」分配权限`, before, after, ...change });
        return after;
      });
      await roles.refreshHolders(roleId);
      return result;
    },
  };
}
export type RolePermissionService = ReturnType<typeof createRolePermissionService>;
