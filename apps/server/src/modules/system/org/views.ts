import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { notDeleted } from '../../../core/records';
import { sysOrg } from './tables';

/*
 * Read-only views of the organisation table for other modules' set-based SQL: names for pickers
 * and lists, and the "lies within" test an audience needs. The table stays this feature's own.
 */

const qb = new QueryBuilder();

/** Organisations that are not deleted, with their parent and ancestor list (root first, comma separated). */
export const liveOrgs = qb
  .select({
    orgId: sysOrg.id,
    orgName: sysOrg.orgName,
    parentOrgId: sysOrg.parentOrgId,
    parentOrgIds: sysOrg.parentOrgIds,
    orgSort: sysOrg.orgSort,
    /** ORG_TYPE code (UNIT, NOMINATOR …) and NORMAL or disabled: pickers offer enabled orgs of a type. */
    orgType: sysOrg.orgType,
    orgStatus: sysOrg.orgStatus,
  })
  .from(sysOrg)
  .where(notDeleted(sysOrg))
  .as('live_orgs');

type OrgRef = number | SQL | AnyPgColumn;

/** True when organisation `orgId` lies strictly below `ancestorId` (a parent is not its own sub-organisation). */
export const orgLiesWithin = (orgId: OrgRef, ancestorId: OrgRef): SQL =>
  sql`exists (select 1 from ${sysOrg} where ${sysOrg.id} = ${orgId} and (',' || ${sysOrg.parentOrgIds} || ',') like ('%,' || ${ancestorId} || ',%'))`;
