import { and, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import type { RoleScope } from '../../../core/dataScope';
import { sysDataPermission, sysDataPermissionOrg, sysOrgDataPermission, sysRoleDataPermission } from './schema';

/**
 * The data-permission rules a user holds, as scopes to combine with their roles' own: rules bound
 * to any of their roles, and rules bound to their organisation. Disabled or deleted rules count for nothing.
 */
export async function ruleScopesOfHolder(ex: Executor, holder: { roleIds: number[]; orgId: number | null }): Promise<RoleScope[]> {
  const viaRoles = holder.roleIds.length
    ? ex.select({ ruleId: sysRoleDataPermission.ruleId }).from(sysRoleDataPermission).where(inArray(sysRoleDataPermission.roleId, holder.roleIds))
    : Promise.resolve([]);
  const viaOrg = holder.orgId !== null
    ? ex.select({ ruleId: sysOrgDataPermission.ruleId }).from(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, holder.orgId))
    : Promise.resolve([]);
  const ruleIds = [...new Set([...(await viaRoles), ...(await viaOrg)].map((r) => r.ruleId))];
  if (!ruleIds.length) return [];
  const rules = await ex
    .select({ id: sysDataPermission.id, scopeType: sysDataPermission.scopeType })
    .from(sysDataPermission)
    .where(and(inArray(sysDataPermission.id, ruleIds), eq(sysDataPermission.status, 'NORMAL'), eq(sysDataPermission.delFlag, 0)));
  const custom = rules.filter((r) => r.scopeType === 'CUSTOM').map((r) => r.id);
  const orgRows = custom.length
    ? await ex.select().from(sysDataPermissionOrg).where(or(...custom.map((id) => eq(sysDataPermissionOrg.ruleId, id))))
    : [];
  return rules.map((r) => ({
    dataScope: r.scopeType,
    customOrgIds: r.scopeType === 'CUSTOM' ? orgRows.filter((o) => o.ruleId === r.id).map((o) => o.orgId) : undefined,
  }));
}
