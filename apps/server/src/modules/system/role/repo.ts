import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { MAX_EXPORT_ROWS } from '../../../core/excel';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysRole, sysRoleDataOrg, sysRoleFunc } from './tables';

export type RoleRow = typeof sysRole.$inferSelect;
export type RoleFields = Pick<RoleRow, 'roleCode' | 'roleName' | 'roleType' | 'dataScope' | 'status' | 'sort' | 'remark'>;

export interface RoleFilter {
  roleName?: string;
  roleCode?: string;
  roleType?: string;
  status?: string;
}

function filterOf(filter: RoleFilter): SQL | undefined {
  return and(
    notDeleted(sysRole),
    filter.roleName ? containing(sysRole.roleName, filter.roleName) : undefined,
    filter.roleCode ? containing(sysRole.roleCode, filter.roleCode) : undefined,
    filter.roleType ? eq(sysRole.roleType, filter.roleType) : undefined,
    filter.status ? eq(sysRole.status, filter.status) : undefined,
  );
}

const order = [asc(sysRole.sort), asc(sysRole.id)];

/**
 * Role names, for the user list to join in the same query: id, code, name, sort and whether the
 * role is live.
 */
export const roleNameView = new QueryBuilder()
  .select({ id: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName, sort: sysRole.sort, live: sql<boolean>`${sysRole.delFlag} = 0`.as('live') })
  .from(sysRole)
  .as('role_names');

/** Every query of roles and of what they grant; each takes the executor first. */
export const roleRepo = {
  async findLive(ex: Executor, id: number): Promise<RoleRow | undefined> {
    const [row] = await ex.select().from(sysRole).where(and(eq(sysRole.id, id), notDeleted(sysRole))).limit(1);
    return row;
  },

  page(ex: Executor, filter: RoleFilter, page: PageParameter) {
    const where = filterOf(filter);
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysRole).where(where).orderBy(...order).limit(limit).offset(offset),
      () => countWhere(ex, sysRole, where),
    );
  },

  /** The filtered list for an export, disabled roles included. */
  exportRows: (ex: Executor, filter: RoleFilter) => ex.select().from(sysRole).where(filterOf(filter)).orderBy(...order).limit(MAX_EXPORT_ROWS),

  /** Every role in force matching the filter (pickers): DISABLED roles never show. */
  inForce: (ex: Executor, filter: RoleFilter) => ex.select().from(sysRole).where(and(filterOf(filter), eq(sysRole.status, 'NORMAL'))).orderBy(...order),

  /** The roles in force (live, NORMAL) among `ids` (a list or a subquery of role ids). */
  inForceAmong: (ex: Executor, ids: SQL) =>
    ex.select().from(sysRole).where(and(sql`${sysRole.id} in (${ids})`, eq(sysRole.status, 'NORMAL'), notDeleted(sysRole))).orderBy(...order),

  /** Every live role, disabled ones included (the role-assignment screen shows them). */
  allLive: (ex: Executor) =>
    ex
      .select({ roleId: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName, roleType: sysRole.roleType, status: sysRole.status })
      .from(sysRole)
      .where(notDeleted(sysRole))
      .orderBy(...order),

  /** Live roles among `ids`, with their codes. */
  liveCodes: async (ex: Executor, ids: number[]) =>
    ids.length ? ex.select({ id: sysRole.id, roleCode: sysRole.roleCode }).from(sysRole).where(and(inArray(sysRole.id, ids), notDeleted(sysRole))) : [],

  /** Live roles by code. */
  idsByCode: async (ex: Executor, codes: string[]) =>
    codes.length ? (await ex.select({ id: sysRole.id }).from(sysRole).where(and(inArray(sysRole.roleCode, codes), notDeleted(sysRole)))).map((r) => r.id) : [],

  async insert(ex: Executor, fields: RoleFields, actor: Actor): Promise<RoleRow> {
    const [row] = await ex.insert(sysRole).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: RoleFields, actor: Actor) => updateVersioned(ex, sysRole, id, lockVersion, fields, actor, '角色'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysRole, id, lockVersion, actor, '角色'),

  async dataOrgIds(ex: Executor, roleId: number): Promise<number[]> {
    const rows = await ex.select({ orgId: sysRoleDataOrg.orgId }).from(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, roleId)).orderBy(asc(sysRoleDataOrg.orgId));
    return rows.map((r) => r.orgId);
  },

  async replaceDataOrgs(ex: Executor, roleId: number, orgIds: number[]): Promise<void> {
    await ex.delete(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, roleId));
    if (orgIds.length) await ex.insert(sysRoleDataOrg).values(orgIds.map((orgId) => ({ roleId, orgId })));
  },

  /** Organisations granted to CUSTOM data-scope roles, by role. */
  async customOrgIdsOfRoles(ex: Executor, roleIds: number[]): Promise<Map<number, number[]>> {
    const byRole = new Map<number, number[]>();
    if (!roleIds.length) return byRole;
    const rows = await ex.select().from(sysRoleDataOrg).where(inArray(sysRoleDataOrg.roleId, roleIds));
    for (const r of rows) byRole.set(r.roleId, [...(byRole.get(r.roleId) ?? []), r.orgId]);
    return byRole;
  },

  async funcIdsOfRole(ex: Executor, roleId: number): Promise<number[]> {
    const rows = await ex.select({ id: sysRoleFunc.funcId }).from(sysRoleFunc).where(eq(sysRoleFunc.roleId, roleId)).orderBy(asc(sysRoleFunc.funcId));
    return rows.map((r) => r.id);
  },

  async funcIdsOfRoles(ex: Executor, roleIds: number[]): Promise<number[]> {
    if (!roleIds.length) return [];
    const rows = await ex.selectDistinct({ funcId: sysRoleFunc.funcId }).from(sysRoleFunc).where(inArray(sysRoleFunc.roleId, roleIds));
    return rows.map((r) => r.funcId);
  },

  async replaceFuncs(ex: Executor, roleId: number, funcIds: number[]): Promise<void> {
    await ex.delete(sysRoleFunc).where(eq(sysRoleFunc.roleId, roleId));
    if (funcIds.length) await ex.insert(sysRoleFunc).values(funcIds.map((funcId) => ({ roleId, funcId })));
  },

  /** A deleted role grants nothing and sees no organisation. */
  async forgetGrants(ex: Executor, roleId: number): Promise<void> {
    await ex.delete(sysRoleFunc).where(eq(sysRoleFunc.roleId, roleId));
    await ex.delete(sysRoleDataOrg).where(eq(sysRoleDataOrg.roleId, roleId));
  },

  /** Deleted menus are granted by no role. */
  async unlinkFuncs(ex: Executor, funcIds: number[]): Promise<void> {
    await ex.delete(sysRoleFunc).where(inArray(sysRoleFunc.funcId, funcIds));
  },

  /** The roles granting any of `funcIds`, as a subquery of role ids. */
  grantingFuncs: (funcIds: number[]): SQL => sql`select ${sysRoleFunc.roleId} from ${sysRoleFunc} where ${inArray(sysRoleFunc.funcId, funcIds)}`,
};
