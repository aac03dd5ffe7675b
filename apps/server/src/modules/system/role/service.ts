import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { sysUserRole } from '../user/schema';
import { sysRole, sysRoleDataOrg, sysRoleFunc } from './schema';

export type RoleRow = typeof sysRole.$inferSelect;
export const SUPER_ROLE_CODE = 'ADMIN';

export function createRoleService({ db }: { db: Executor }) {
  return {
    /** The user's roles that are in force (not deleted, status NORMAL). */
    async rolesOfUser(userId: number): Promise<RoleRow[]> {
      const rows = await db
        .select({ role: sysRole })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(and(eq(sysUserRole.userId, userId), eq(sysRole.status, 'NORMAL'), notDeleted(sysRole)))
        .orderBy(sysRole.sort, sysRole.id);
      return rows.map((r) => r.role);
    },
    /** Organisations granted to CUSTOM data-scope roles, by role. */
    async customOrgIdsOfRoles(roleIds: number[]): Promise<Map<number, number[]>> {
      const byRole = new Map<number, number[]>();
      if (!roleIds.length) return byRole;
      const rows = await db.select().from(sysRoleDataOrg).where(inArray(sysRoleDataOrg.roleId, roleIds));
      for (const r of rows) byRole.set(r.roleId, [...(byRole.get(r.roleId) ?? []), r.orgId]);
      return byRole;
    },
    async funcIdsOfRoles(roleIds: number[]): Promise<number[]> {
      if (!roleIds.length) return [];
      const rows = await db.selectDistinct({ funcId: sysRoleFunc.funcId }).from(sysRoleFunc).where(inArray(sysRoleFunc.roleId, roleIds));
      return rows.map((r) => r.funcId);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
