import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { MAX_EXPORT_ROWS } from '../../../core/excel';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysOrg, sysOrgAdmin, sysOrgFunc } from './tables';

export type OrgRow = typeof sysOrg.$inferSelect;
export type OrgFields = Pick<
  OrgRow,
  'orgCode' | 'orgName' | 'orgType' | 'orgLevel' | 'parentOrgId' | 'orgAddr' | 'orgLinkman' | 'orgLinktel' | 'orgLinkemail' | 'orgStatus' | 'orgSort' | 'remark'
>;

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

/** Condition limiting sys_org rows to those a data scope may see; undefined = everything. */
export function visibleOrgCondition(scope: EffectiveDataScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.orgIds.length) parts.push(inArray(sysOrg.id, scope.orgIds));
  if (scope.subtreeOf !== null) {
    parts.push(eq(sysOrg.id, scope.subtreeOf));
    parts.push(sql`(',' || ${sysOrg.parentOrgIds} || ',') like ${`%,${scope.subtreeOf},%`}`);
  }
  // SELF sees no organisation at all: only the records it created, none of which is an org.
  return parts.length ? or(...parts) : sql`false`;
}

/** The parent_org_ids value children of `row` carry. */
export const pathBelow = (row: Pick<OrgRow, 'id' | 'parentOrgIds'>) => (row.parentOrgIds ? `${row.parentOrgIds},${row.id}` : String(row.id));

const nodeColumns = {
  orgId: sysOrg.id,
  orgCode: sysOrg.orgCode,
  orgName: sysOrg.orgName,
  parentOrgId: sysOrg.parentOrgId,
  orgType: sysOrg.orgType,
  orgLevel: sysOrg.orgLevel,
  orgStatus: sysOrg.orgStatus,
  orgSort: sysOrg.orgSort,
};

const matching = (keyword: string) => or(containing(sysOrg.orgName, keyword), containing(sysOrg.orgCode, keyword));

/**
 * Organisation names, for other features' lists to join (a user's organisation, a rule's
 * organisations) in the same query: id, name, sort and whether the organisation is live.
 */
export const orgNameView = new QueryBuilder()
  .select({ id: sysOrg.id, orgName: sysOrg.orgName, orgSort: sysOrg.orgSort, live: sql<boolean>`${sysOrg.delFlag} = 0`.as('live') })
  .from(sysOrg)
  .as('org_names');

/** Every query of organisations, their administrators and bound menus; each takes the executor first. */
export const orgRepo = {
  async findLive(ex: Executor, id: number): Promise<OrgRow | undefined> {
    const [row] = await ex.select().from(sysOrg).where(and(eq(sysOrg.id, id), notDeleted(sysOrg))).limit(1);
    return row;
  },

  async isVisible(ex: Executor, id: number, visible: SQL): Promise<boolean> {
    return (await ex.select({ id: sysOrg.id }).from(sysOrg).where(and(eq(sysOrg.id, id), visible)).limit(1)).length > 0;
  },

  /** Tree nodes matching `where`; a scoped caller's leaves are judged by the children they may see. */
  async nodes(ex: Executor, where: SQL | undefined, scope: EffectiveDataScope): Promise<OrgTreeNode[]> {
    const visible = visibleOrgCondition(scope);
    // Written out: the correlated subquery must name the outer row's table explicitly.
    const childVisible = visible ? sql` and child.id in (select ${sysOrg.id} from ${sysOrg} where ${visible})` : sql``;
    const hasChildren = sql<boolean>`exists (select 1 from sys_org child where child.parent_org_id = "sys_org"."id" and child.del_flag = 0${childVisible})`;
    const rows = await ex
      .select({ ...nodeColumns, hasChildren })
      .from(sysOrg)
      .where(and(where, notDeleted(sysOrg), visible))
      .orderBy(asc(sysOrg.orgSort), asc(sysOrg.id));
    return rows.map(({ hasChildren: has, ...org }) => ({ ...org, isLeaf: !has }));
  },

  /** Direct children of `parentId` (roots when null). */
  childrenOf: (parentId: number | null): SQL => (parentId === null ? isNull(sysOrg.parentOrgId) : eq(sysOrg.parentOrgId, parentId)),

  /** The topmost organisations a scoped caller may see: those whose parent it may not see. */
  topVisible: (visible: SQL): SQL =>
    sql`(${sysOrg.parentOrgId} is null or ${sysOrg.parentOrgId} not in (select ${sysOrg.id} from ${sysOrg} where ${visible} and ${sysOrg.delFlag} = 0))`,

  /** Orgs whose name or code contains `keyword` (at most 500), with their ancestor paths. */
  searchHits(ex: Executor, keyword: string, scope: EffectiveDataScope) {
    return ex
      .select({ id: sysOrg.id, parentOrgIds: sysOrg.parentOrgIds })
      .from(sysOrg)
      .where(and(matching(keyword), notDeleted(sysOrg), visibleOrgCondition(scope)))
      .limit(500);
  },

  idIn: (ids: number[]): SQL => inArray(sysOrg.id, ids),

  /** What an export writes: parents before children, with the parent's name. */
  exportRows(ex: Executor, keyword: string | undefined, scope: EffectiveDataScope) {
    const parent = alias(sysOrg, 'parent');
    return ex
      .select({ org: sysOrg, parentName: parent.orgName })
      .from(sysOrg)
      .leftJoin(parent, eq(parent.id, sysOrg.parentOrgId))
      .where(and(notDeleted(sysOrg), visibleOrgCondition(scope), keyword ? matching(keyword) : undefined))
      .orderBy(asc(sysOrg.parentOrgIds), asc(sysOrg.orgSort), asc(sysOrg.id))
      .limit(MAX_EXPORT_ROWS);
  },

  async insert(ex: Executor, fields: OrgFields & { parentOrgIds: string }, actor: Actor): Promise<OrgRow> {
    const [row] = await ex.insert(sysOrg).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: OrgFields & { parentOrgIds: string }, actor: Actor) =>
    updateVersioned(ex, sysOrg, id, lockVersion, fields, actor, '机构'),

  /** Rewrites the ancestor paths of a moved subtree: every path under `oldPath` now starts with `newPath`. */
  async moveSubtree(ex: Executor, oldPath: string, newPath: string): Promise<void> {
    await ex
      .update(sysOrg)
      .set({ parentOrgIds: sql`${newPath} || substr(${sysOrg.parentOrgIds}, ${oldPath.length + 1})` })
      .where(or(eq(sysOrg.parentOrgIds, oldPath), sql`${sysOrg.parentOrgIds} like ${`${oldPath},%`}`));
  },

  async hasLiveChild(ex: Executor, id: number): Promise<boolean> {
    return (await ex.select({ id: sysOrg.id }).from(sysOrg).where(and(eq(sysOrg.parentOrgId, id), notDeleted(sysOrg))).limit(1)).length > 0;
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysOrg, id, lockVersion, actor, '机构'),

  /** A deleted organisation keeps no administrators and no menus. */
  async forgetBindings(ex: Executor, orgId: number): Promise<void> {
    await ex.delete(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, orgId));
    await ex.delete(sysOrgFunc).where(eq(sysOrgFunc.orgId, orgId));
  },

  siblings(ex: Executor, parentOrgId: number | null) {
    return ex
      .select({ id: sysOrg.id, orgSort: sysOrg.orgSort })
      .from(sysOrg)
      .where(and(parentOrgId === null ? isNull(sysOrg.parentOrgId) : eq(sysOrg.parentOrgId, parentOrgId), notDeleted(sysOrg)));
  },

  async setSort(ex: Executor, id: number, orgSort: number, actor: Actor): Promise<void> {
    await ex.update(sysOrg).set({ orgSort, ...updatedBy(actor, sysOrg) }).where(eq(sysOrg.id, id));
  },

  /** The name of an organisation, or null when it does not exist (or was deleted). */
  async nameById(ex: Executor, orgId: number | null): Promise<string | null> {
    if (orgId === null) return null;
    const rows = await ex.select({ orgName: sysOrg.orgName }).from(sysOrg).where(and(eq(sysOrg.id, orgId), notDeleted(sysOrg))).limit(1);
    return rows[0]?.orgName ?? null;
  },

  /** Which of `ids` are live organisations. */
  async liveIds(ex: Executor, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await ex.select({ id: sysOrg.id }).from(sysOrg).where(and(inArray(sysOrg.id, ids), notDeleted(sysOrg)));
    return new Set(rows.map((r) => r.id));
  },

  /** Live organisations by code. */
  async idsByCode(ex: Executor, codes: string[]): Promise<Map<string, number>> {
    if (!codes.length) return new Map();
    const rows = await ex.select({ id: sysOrg.id, orgCode: sysOrg.orgCode }).from(sysOrg).where(and(inArray(sysOrg.orgCode, codes), notDeleted(sysOrg)));
    return new Map(rows.map((o) => [o.orgCode, o.id]));
  },

  /** The live descendants of the organisation whose children carry `path`, as a subquery of ids. */
  liveDescendantIds: (path: string): SQL =>
    sql`select ${sysOrg.id} from ${sysOrg} where ${sysOrg.delFlag} = 0 and (${sysOrg.parentOrgIds} = ${path} or ${sysOrg.parentOrgIds} like ${`${path},%`})`,

  async adminIds(ex: Executor, orgId: number): Promise<number[]> {
    return (await ex.select({ userId: sysOrgAdmin.userId }).from(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, orgId))).map((r) => r.userId);
  },

  async replaceAdmins(ex: Executor, orgId: number, userIds: number[]): Promise<void> {
    await ex.delete(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, orgId));
    if (userIds.length) await ex.insert(sysOrgAdmin).values(userIds.map((userId) => ({ orgId, userId })));
  },

  async funcIds(ex: Executor, orgId: number): Promise<number[]> {
    return (await ex.select({ funcId: sysOrgFunc.funcId }).from(sysOrgFunc).where(eq(sysOrgFunc.orgId, orgId)).orderBy(asc(sysOrgFunc.funcId))).map((r) => r.funcId);
  },

  async replaceFuncs(ex: Executor, orgId: number, funcIds: number[]): Promise<void> {
    await ex.delete(sysOrgFunc).where(eq(sysOrgFunc.orgId, orgId));
    if (funcIds.length) await ex.insert(sysOrgFunc).values(funcIds.map((funcId) => ({ orgId, funcId })));
  },

  /** Deleted menus are bound to no organisation. */
  async unlinkFuncs(ex: Executor, funcIds: number[]): Promise<void> {
    await ex.delete(sysOrgFunc).where(inArray(sysOrgFunc.funcId, funcIds));
  },
};
