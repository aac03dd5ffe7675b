import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Page, PageParameter } from '@dandelion/shared';
import type { PurchaseStatus } from '@dandelion/shared/award/achievement';
import type { EffectiveDataScope } from '../../../core/dataScope';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { orgSubtreeIds } from '../../system/org/module';
import { awardPurchase as p } from './tables';

export type PurchaseRow = typeof p.$inferSelect;
export type PurchaseInsert = Omit<typeof p.$inferInsert, 'id' | 'status'>;

export interface PurchaseFilter {
  status?: PurchaseStatus;
  keyword?: string;
  scope: EffectiveDataScope;
}

/**
 * Who sees an intention: the office (scope ALL) every one; a unit administrator those of
 * achievements completed by an organisation in their scope (their org subtree, as the unit review does).
 */
function scopeCondition(scope: EffectiveDataScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.orgIds.length) parts.push(inArray(p.unitOrgId, scope.orgIds));
  if (scope.subtreeOf !== null) parts.push(sql`${p.unitOrgId} in (${orgSubtreeIds(scope.subtreeOf)})`);
  return parts.length ? or(...parts) : sql`false`;
}

/** Every query of purchase intentions; each takes the executor (database or open transaction) first. */
export const purchaseRepo = {
  async insert(ex: Executor, values: PurchaseInsert): Promise<PurchaseRow> {
    const [row] = await ex.insert(p).values({ ...values, ...createdBy(null) }).returning();
    return row!;
  },

  async findLive(ex: Executor, id: number): Promise<PurchaseRow | undefined> {
    const [row] = await ex.select().from(p).where(and(eq(p.id, id), notDeleted(p))).limit(1);
    return row;
  },

  /** Whether the scope reaches the intention's unit (record-level check of a status change). */
  async visible(ex: Executor, id: number, scope: EffectiveDataScope): Promise<boolean> {
    const rows = await ex.select({ id: p.id }).from(p).where(and(eq(p.id, id), notDeleted(p), scopeCondition(scope))).limit(1);
    return rows.length > 0;
  },

  page(ex: Executor, filter: PurchaseFilter, page: PageParameter): Promise<Page<PurchaseRow>> {
    const keyword = filter.keyword?.trim();
    const where = and(
      notDeleted(p),
      scopeCondition(filter.scope),
      filter.status ? eq(p.status, filter.status) : undefined,
      keyword ? or(containing(p.achievementTitle, keyword), containing(p.organisation, keyword), containing(p.contactName, keyword)) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(p).where(where).orderBy(desc(p.createTime), desc(p.id)).limit(limit).offset(offset),
      () => countWhere(ex, p, where),
    );
  },

  setStatus: (ex: Executor, id: number, lockVersion: number, status: PurchaseStatus, actor: Actor) => updateVersioned(ex, p, id, lockVersion, { status }, actor, '合作意向'),
};
