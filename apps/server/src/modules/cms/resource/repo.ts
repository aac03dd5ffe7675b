import { and, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { type auditColumns, createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsResource } from './tables';

export type ResourceRow = typeof cmsResource.$inferSelect;
export type ResourceFields = Omit<typeof cmsResource.$inferInsert, 'id' | 'siteId' | keyof typeof auditColumns>;

export interface ResourceFilter {
  resourceName?: string;
  resourceType?: string;
  tag?: string;
}

/** Every query of the resource library; each takes the executor (database or open transaction) to run on. */
export const resourceRepo = {
  async findLive(ex: Executor, id: number): Promise<ResourceRow | undefined> {
    const [row] = await ex.select().from(cmsResource).where(and(eq(cmsResource.id, id), notDeleted(cmsResource))).limit(1);
    return row;
  },

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: cmsResource.id }).from(cmsResource).where(and(inArray(cmsResource.id, ids), notDeleted(cmsResource)))).map((r) => r.id);
  },

  page(ex: Executor, filter: ResourceFilter, page: PageParameter) {
    const where: SQL | undefined = and(
      notDeleted(cmsResource),
      filter.resourceName ? ilike(cmsResource.resourceName, likePattern(filter.resourceName)) : undefined,
      filter.resourceType ? eq(cmsResource.resourceType, filter.resourceType) : undefined,
      filter.tag ? ilike(cmsResource.tags, likePattern(filter.tag)) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(cmsResource).where(where).orderBy(desc(cmsResource.createTime), desc(cmsResource.id)).limit(limit).offset(offset),
      () => countWhere(ex, cmsResource, where),
    );
  },

  async insert(ex: Executor, fields: ResourceFields & { siteId: number }, actor: Actor): Promise<ResourceRow> {
    const [row] = await ex.insert(cmsResource).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: ResourceFields, actor: Actor) => updateVersioned(ex, cmsResource, id, lockVersion, fields, actor, '资源'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsResource, id, lockVersion, actor, '资源'),
};
