import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notDeleted } from '../../../core/records';
import { orgLiesWithin } from '../../system/org/module';
import { rolesInForce } from '../../system/role/module';
import { liveUsers, userRoleLinks } from '../../system/user/module';
import { sysNotice, sysNoticeAudience } from './tables';

/*
 * Who a notice is for, in SQL, over the system module's read-only views of users, roles and
 * organisations (docs/messaging.md, "Audience"): deciding membership for every notice of a list in
 * one query is what keeps the header and inbox cheap, and what lets delivery be one INSERT … SELECT.
 */

export const TARGET = { ROLE: 'ROLE', ORG: 'ORG', USER: 'USER' } as const;
export type TargetType = (typeof TARGET)[keyof typeof TARGET];

type UserRef = number | SQL | AnyPgColumn;

/**
 * True when the user is in the audience of the `sys_notice` row in scope: everyone for ALL;
 * for SCOPED, a chosen user, a holder of a chosen role in force, or a member of a chosen
 * organisation (or, with includeSubOrgs, of an organisation below it).
 */
export function inAudience(userId: UserRef, userOrgId: UserRef): SQL {
  return sql`(${sysNotice.audienceType} = 'ALL' or exists (
    select 1 from ${sysNoticeAudience} a
    where a.notice_id = ${sysNotice.id} and (
      (a.target_type = 'USER' and a.target_id = ${userId})
      or (a.target_type = 'ROLE' and a.target_id in (
        select ${userRoleLinks.roleId} from ${userRoleLinks} join ${rolesInForce} on ${rolesInForce.roleId} = ${userRoleLinks.roleId}
        where ${userRoleLinks.userId} = ${userId}))
      or (a.target_type = 'ORG' and (a.target_id = ${userOrgId} or (${sysNotice.includeSubOrgs} and ${orgLiesWithin(userOrgId, sql`a.target_id`)})))
    )))`;
}

/** A released notice inside its publish–expiry window, not deleted: what its audience sees now. */
export function noticeLive(now: Date): SQL {
  return and(
    eq(sysNotice.status, 'RELEASED'),
    notDeleted(sysNotice),
    lte(sysNotice.publishTime, now),
    or(isNull(sysNotice.expireTime), gt(sysNotice.expireTime, now)),
  )!;
}

/** A released notice that has not expired (it may not be published yet): still worth delivering. */
export function noticeDeliverable(now: Date): SQL {
  return and(eq(sysNotice.status, 'RELEASED'), notDeleted(sysNotice), or(isNull(sysNotice.expireTime), gt(sysNotice.expireTime, now)))!;
}

/** A row of the live users' view who may receive anything: not frozen, and in the audience of the notice in scope. */
export const reachableMember = (): SQL => and(eq(liveUsers.status, 'NORMAL'), inAudience(liveUsers.userId, liveUsers.orgId))!;
