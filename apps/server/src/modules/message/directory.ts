import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { notDeleted } from '../../core/records';
import { sysOrg } from '../system/org/schema';
import { sysRole } from '../system/role/schema';
import { sysUser } from '../system/user/schema';
import { likePattern } from '../../core/sql';

/*
 * The people messaging addresses: roles, organisations and users, read straight from the system
 * tables (docs/messaging.md explains why this module does so). Only names and contact fields leave here.
 */

export interface DirectoryUser {
  userId: number;
  username: string;
  realname: string | null;
  orgName: string | null;
  phone: string | null;
  email: string | null;
  status: string;
}


const userColumns = {
  userId: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  orgName: sysOrg.orgName,
  phone: sysUser.phone,
  email: sysUser.email,
  status: sysUser.status,
};

export function createDirectory({ db }: { db: Executor }) {
  return {
    /** Roles in force, for an audience picker. */
    async roles() {
      return db
        .select({ roleId: sysRole.id, roleCode: sysRole.roleCode, roleName: sysRole.roleName })
        .from(sysRole)
        .where(and(notDeleted(sysRole), eq(sysRole.status, 'NORMAL')))
        .orderBy(asc(sysRole.sort), asc(sysRole.id));
    },

    /** Every live organisation, flat with its parent, for a tree picker. */
    async orgs() {
      return db
        .select({ orgId: sysOrg.id, orgName: sysOrg.orgName, parentOrgId: sysOrg.parentOrgId })
        .from(sysOrg)
        .where(notDeleted(sysOrg))
        .orderBy(asc(sysOrg.parentOrgIds), asc(sysOrg.orgSort), asc(sysOrg.id));
    },

    /** Live users by user name, real name or phone (at most `limit`), or exactly `userIds` (to label a saved choice). */
    async searchUsers(input: { keyword?: string; userIds?: number[]; limit?: number }): Promise<DirectoryUser[]> {
      const keyword = input.keyword?.trim();
      const where: SQL | undefined = and(
        notDeleted(sysUser),
        input.userIds ? inArray(sysUser.id, input.userIds.length ? input.userIds : [0]) : undefined,
        keyword ? or(ilike(sysUser.username, likePattern(keyword)), ilike(sysUser.realname, likePattern(keyword)), ilike(sysUser.phone, likePattern(keyword))) : undefined,
      );
      return db
        .select(userColumns)
        .from(sysUser)
        .leftJoin(sysOrg, eq(sysOrg.id, sysUser.orgId))
        .where(where)
        .orderBy(asc(sysUser.username))
        .limit(input.userIds ? 2000 : (input.limit ?? 20));
    },

    async roleNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: sysRole.id, name: sysRole.roleName }).from(sysRole).where(and(inArray(sysRole.id, ids), notDeleted(sysRole)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async orgNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: sysOrg.id, name: sysOrg.orgName }).from(sysOrg).where(and(inArray(sysOrg.id, ids), notDeleted(sysOrg)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async userNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
        .from(sysUser)
        .where(and(inArray(sysUser.id, ids), notDeleted(sysUser)));
      return new Map(rows.map((r) => [r.id, r.realname || r.username]));
    },
  };
}
export type Directory = ReturnType<typeof createDirectory>;
