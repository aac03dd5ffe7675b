import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { sysOrg } from './schema';

export interface OrgTreeNode {
  orgId: number;
  orgCode: string;
  orgName: string;
  parentOrgId: number | null;
  orgType: string | null;
  orgLevel: string | null;
  orgStatus: string;
  orgSort: number;
  isLeaf: boolean;
}

/** The name of an organisation, or null when it does not exist (or was deleted). */
export async function orgNameById(ex: Executor, orgId: number | null): Promise<string | null> {
  if (orgId === null) return null;
  const rows = await ex.select({ orgName: sysOrg.orgName }).from(sysOrg).where(and(eq(sysOrg.id, orgId), notDeleted(sysOrg))).limit(1);
  return rows[0]?.orgName ?? null;
}

/** Organisation reads for tree selects; administration (add, move, delete, bind) is the org module's. */
export function createOrgService({ db }: { db: Db }) {
  return {
    /** Direct children of `parentId` (the roots when null), each saying whether it has children: trees load lazily. */
    async children(parentId: number | null): Promise<OrgTreeNode[]> {
      // Written out: the correlated subquery must name the outer row's table explicitly.
      const hasChildren = sql<boolean>`exists (select 1 from sys_org child where child.parent_org_id = "sys_org"."id" and child.del_flag = 0)`;
      const rows = await db
        .select({
          orgId: sysOrg.id, orgCode: sysOrg.orgCode, orgName: sysOrg.orgName, parentOrgId: sysOrg.parentOrgId, orgType: sysOrg.orgType,
          orgLevel: sysOrg.orgLevel, orgStatus: sysOrg.orgStatus, orgSort: sysOrg.orgSort, hasChildren,
        })
        .from(sysOrg)
        .where(and(parentId === null ? isNull(sysOrg.parentOrgId) : eq(sysOrg.parentOrgId, parentId), eq(sysOrg.delFlag, 0)))
        .orderBy(asc(sysOrg.orgSort), asc(sysOrg.id));
      return rows.map(({ hasChildren: has, ...org }) => ({ ...org, isLeaf: !has }));
    },
  };
}
export type OrgService = ReturnType<typeof createOrgService>;
