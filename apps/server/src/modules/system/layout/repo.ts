import { and, asc, count, eq, or } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysLayout } from './tables';

export type LayoutRow = typeof sysLayout.$inferSelect;
export type LayoutFields = Pick<LayoutRow, 'layoutName' | 'layoutUiName' | 'componentPath' | 'thumbnail' | 'status' | 'sort' | 'remark'>;

export interface LayoutFilter {
  keyword?: string;
  status?: RecordStatus;
}

const order = [asc(sysLayout.sort), asc(sysLayout.id)];

/** Every query of layouts; each takes the executor first. */
export const layoutRepo = {
  async findLive(ex: Executor, id: number): Promise<LayoutRow | undefined> {
    const [row] = await ex.select().from(sysLayout).where(and(eq(sysLayout.id, id), notDeleted(sysLayout)));
    return row;
  },

  page(ex: Executor, filter: LayoutFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysLayout),
      filter.keyword ? or(containing(sysLayout.layoutName, filter.keyword), containing(sysLayout.layoutUiName, filter.keyword)) : undefined,
      filter.status ? eq(sysLayout.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysLayout).where(where).orderBy(...order).limit(limit).offset(offset),
      async () => Number((await ex.select({ n: count() }).from(sysLayout).where(where))[0]?.n ?? 0),
    );
  },

  enabled: (ex: Executor) => ex.select().from(sysLayout).where(and(notDeleted(sysLayout), eq(sysLayout.status, 'NORMAL'))).orderBy(...order),

  async insert(ex: Executor, fields: LayoutFields, actor: Actor): Promise<LayoutRow> {
    const [row] = await ex.insert(sysLayout).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: LayoutFields, actor: Actor) => updateVersioned(ex, sysLayout, id, lockVersion, fields, actor, '布局'),

  softDelete: (ex: Executor, id: number, actor: Actor) => softDelete(ex, sysLayout, id, undefined, actor, '布局'),
};
