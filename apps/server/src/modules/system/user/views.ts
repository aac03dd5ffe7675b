import { eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { notDeleted } from '../../../core/records';
import { sysUser, sysUserRole } from './tables';

/*
 * Read-only views of the user tables for other modules' set-based SQL (a notice delivered to every
 * user of an audience in one INSERT … SELECT, a receipt list joined to the readers' names). Only
 * the columns those queries need leave here; the tables themselves stay this feature's own.
 */

const qb = new QueryBuilder();

/** Users that are not deleted: their names, contact fields, status (NORMAL or frozen) and organisation. */
export const liveUsers = qb
  .select({
    userId: sysUser.id,
    username: sysUser.username,
    realname: sysUser.realname,
    phone: sysUser.phone,
    email: sysUser.email,
    status: sysUser.status,
    orgId: sysUser.orgId,
  })
  .from(sysUser)
  .where(notDeleted(sysUser))
  .as('live_users');

/** Which user holds which role (whatever the role's own state: join the roles' view for roles in force). */
export const userRoleLinks = qb.select({ userId: sysUserRole.userId, roleId: sysUserRole.roleId }).from(sysUserRole).as('user_role_links');

/** The organisation of a user as stored now (a cached session may be up to a minute old), as a scalar subquery. */
export const orgOfUser = (userId: number): SQL => sql`(select ${sysUser.orgId} from ${sysUser} where ${eq(sysUser.id, userId)})`;
