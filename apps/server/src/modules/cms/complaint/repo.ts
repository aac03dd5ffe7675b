import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { timeWithin } from '../../../core/listing';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsComplaint } from './tables';

export type ComplaintRow = typeof cmsComplaint.$inferSelect;
export type NewComplaint = Pick<typeof cmsComplaint.$inferInsert, 'siteId' | 'title' | 'content' | 'complainantName' | 'contact' | 'email' | 'userId' | 'ip'>;

export interface ComplaintFilter {
  status?: string;
  keyword?: string;
  beginTime?: Date;
  endTime?: Date;
}

/** Every query of complaints; each takes the executor (database or open transaction) to run on. */
export const complaintRepo = {
  async findLive(ex: Executor, id: number): Promise<ComplaintRow | undefined> {
    const [row] = await ex.select().from(cmsComplaint).where(and(eq(cmsComplaint.id, id), notDeleted(cmsComplaint))).limit(1);
    return row;
  },

  page(ex: Executor, filter: ComplaintFilter, page: PageParameter) {
    const keyword = filter.keyword ? likePattern(filter.keyword) : null;
    const where: SQL | undefined = and(
      notDeleted(cmsComplaint),
      filter.status ? eq(cmsComplaint.status, filter.status) : undefined,
      keyword
        ? or(ilike(cmsComplaint.title, keyword), ilike(cmsComplaint.content, keyword), ilike(cmsComplaint.complainantName, keyword), ilike(cmsComplaint.contact, keyword))
        : undefined,
      timeWithin(cmsComplaint.createTime, filter),
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(cmsComplaint).where(where).orderBy(desc(cmsComplaint.createTime), desc(cmsComplaint.id)).limit(limit).offset(offset),
      () => countWhere(ex, cmsComplaint, where),
    );
  },

  async insert(ex: Executor, fields: NewComplaint): Promise<ComplaintRow> {
    const [row] = await ex.insert(cmsComplaint).values({ ...fields, status: 'PENDING', ...createdBy(null) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<ComplaintRow>, actor: Actor) => updateVersioned(ex, cmsComplaint, id, lockVersion, fields, actor, '投诉建议'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsComplaint, id, lockVersion, actor, '投诉建议'),
};
