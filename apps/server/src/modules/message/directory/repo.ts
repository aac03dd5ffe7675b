import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { containing } from '../../../core/sql';
import { liveOrgs } from '../../system/org/module';
import { liveRoles, rolesInForce } from '../../system/role/module';
import { liveUsers } from '../../system/user/module';

/*
 * The people messaging addresses: roles, organisations and users, read through the system
 * module's read-only views. Only names and contact fields leave here.
 */

const userColumns = {
  userId: liveUsers.userId,
  username: liveUsers.username,
  realname: liveUsers.realname,
  orgName: liveOrgs.orgName,
  phone: liveUsers.phone,
  email: liveUsers.email,
  status: liveUsers.status,
};

/** Names by id, in one query. */
const namesOf = async (rows: Promise<Array<{ id: number; name: string }>>) => new Map((await rows).map((r) => [r.id, r.name]));

export const directoryRepo = {
  /** Roles in force, for an audience picker. */
  rolesInForce: (ex: Executor) =>
    ex
      .select({ roleId: rolesInForce.roleId, roleCode: rolesInForce.roleCode, roleName: rolesInForce.roleName })
      .from(rolesInForce)
      .orderBy(asc(rolesInForce.sort), asc(rolesInForce.roleId)),

  /** Every live organisation, flat with its parent, for a tree picker. */
  orgs: (ex: Executor) =>
    ex
      .select({ orgId: liveOrgs.orgId, orgName: liveOrgs.orgName, parentOrgId: liveOrgs.parentOrgId })
      .from(liveOrgs)
      .orderBy(asc(liveOrgs.parentOrgIds), asc(liveOrgs.orgSort), asc(liveOrgs.orgId)),

  /** Live users by user name, real name or phone (at most `limit`), or exactly `userIds`. */
  searchUsers: (ex: Executor, input: { keyword?: string; userIds?: number[]; limit: number }) =>
    ex
      .select(userColumns)
      .from(liveUsers)
      .leftJoin(liveOrgs, eq(liveOrgs.orgId, liveUsers.orgId))
      .where(
        and(
          input.userIds ? inArray(liveUsers.userId, input.userIds.length ? input.userIds : [0]) : undefined,
          input.keyword
            ? or(containing(liveUsers.username, input.keyword), containing(liveUsers.realname, input.keyword), containing(liveUsers.phone, input.keyword))
            : undefined,
        ),
      )
      .orderBy(asc(liveUsers.username))
      .limit(input.limit),

  roleNames: (ex: Executor, ids: number[]) =>
    namesOf(ex.select({ id: liveRoles.roleId, name: liveRoles.roleName }).from(liveRoles).where(inArray(liveRoles.roleId, ids))),

  orgNames: (ex: Executor, ids: number[]) => namesOf(ex.select({ id: liveOrgs.orgId, name: liveOrgs.orgName }).from(liveOrgs).where(inArray(liveOrgs.orgId, ids))),

  async userNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
    const rows = await ex
      .select({ id: liveUsers.userId, username: liveUsers.username, realname: liveUsers.realname })
      .from(liveUsers)
      .where(inArray(liveUsers.userId, ids));
    return new Map(rows.map((r) => [r.id, r.realname || r.username]));
  },
};
