import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { dataScopeCondition, type EffectiveDataScope } from '../../../core/dataScope';
import { DEL_FLAG } from '../../../core/records';
import { sysOrg } from '../org/schema';
import { orgSubtreeIds } from '../org/subtree';
import { sysRole } from '../role/schema';
import { sysUser, sysUserRole } from './schema';
import { likePattern } from '../../../core/sql';

/** Filters of the user list, shared by the paged list and the Excel export so both show the same rows. */
export interface UserFilter {
  realname?: string;
  username?: string;
  phone?: string;
  keyword?: string;
  orgId?: number;
  includeChildOrgs?: boolean;
  status?: string;
  roleId?: number;
  empStatus?: string;
  userType?: string;
}

/** LIKE pattern with the user's % and _ taken literally. */

/** WHERE for a user list: the filters, the caller's data scope, and live (or recycled) rows. */
export function userListCondition(filter: UserFilter, scope: EffectiveDataScope, deleted = false): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    eq(sysUser.delFlag, deleted ? DEL_FLAG.DELETED : DEL_FLAG.ACTIVE),
    dataScopeCondition(scope, { orgId: sysUser.orgId, ownerId: sysUser.createById }, orgSubtreeIds),
  ];
  if (filter.realname) parts.push(ilike(sysUser.realname, likePattern(filter.realname)));
  if (filter.username) parts.push(ilike(sysUser.username, likePattern(filter.username)));
  if (filter.phone) parts.push(ilike(sysUser.phone, likePattern(filter.phone)));
  if (filter.keyword) {
    const k = likePattern(filter.keyword);
    parts.push(sql`(${sysUser.username} ilike ${k} or ${sysUser.realname} ilike ${k} or ${sysUser.phone} ilike ${k} or ${sysUser.empCode} ilike ${k})`);
  }
  if (filter.orgId !== undefined) {
    parts.push(
      filter.includeChildOrgs
        ? sql`${sysUser.orgId} in (select ${sysOrg.id} from ${sysOrg} where ${sysOrg.id} = ${filter.orgId}
            or (',' || ${sysOrg.parentOrgIds} || ',') like ${`%,${filter.orgId},%`})`
        : eq(sysUser.orgId, filter.orgId),
    );
  }
  if (filter.status) parts.push(eq(sysUser.status, filter.status));
  if (filter.empStatus) parts.push(eq(sysUser.empStatus, filter.empStatus));
  if (filter.userType) parts.push(eq(sysUser.userType, filter.userType));
  if (filter.roleId !== undefined) {
    parts.push(sql`exists (select 1 from ${sysUserRole} where ${sysUserRole.userId} = ${sysUser.id} and ${sysUserRole.roleId} = ${filter.roleId})`);
  }
  return and(...parts);
}

export const listColumns = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  nickName: sysUser.nickName,
  phone: sysUser.phone,
  email: sysUser.email,
  orgId: sysUser.orgId,
  orgName: sysOrg.orgName,
  userType: sysUser.userType,
  userSex: sysUser.userSex,
  status: sysUser.status,
  enableUser: sysUser.enableUser,
  empCode: sysUser.empCode,
  empStatus: sysUser.empStatus,
  inDate: sysUser.inDate,
  outDate: sysUser.outDate,
  sort: sysUser.sort,
  createTime: sysUser.createTime,
  updateTime: sysUser.updateTime,
  lockVersion: sysUser.lockVersion,
};

export interface RoleRef {
  roleId: number;
  roleCode: string;
  roleName: string;
}

/** The rows of one page (or of an export), newest first, with organisation names and roles. */
export async function selectUsers(ex: Executor, where: SQL | undefined, limit: number, offset: number) {
  const rows = await ex
    .select(listColumns)
    .from(sysUser)
    .leftJoin(sysOrg, eq(sysOrg.id, sysUser.orgId))
    .where(where)
    .orderBy(asc(sysUser.sort), desc(sysUser.createTime), desc(sysUser.id))
    .limit(limit)
    .offset(offset);
  const roles = await rolesOfUsers(ex, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, userId: r.id, roles: roles.get(r.id) ?? [] }));
}

export async function countUsers(ex: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(sysUser).where(where);
  return Number(row?.n ?? 0);
}

/** Roles of many users in one query (a list must not ask once per row). */
export async function rolesOfUsers(ex: Executor, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const map = new Map<number, RoleRef[]>();
  if (!userIds.length) return map;
  const rows = await ex
    .select({ userId: sysUserRole.userId, roleId: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, userIds), eq(sysRole.delFlag, DEL_FLAG.ACTIVE)))
    .orderBy(asc(sysRole.sort), asc(sysRole.id));
  for (const { userId, ...role } of rows) map.set(userId, [...(map.get(userId) ?? []), role]);
  return map;
}

export type UserListRow = Awaited<ReturnType<typeof selectUsers>>[number];

/** The users among `ids` that exist and are not deleted. */
export async function liveUserIds(ex: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await ex.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, DEL_FLAG.ACTIVE)));
  return rows.map((r) => r.id);
}
