import { RECORD_STATUSES } from '@dandelion/shared';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { CONSOLE_LAYOUTS, type PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import type { ChangeContext } from '../role/service';
import { sysTheme } from '../theme/schema';
import { sysLayout } from './schema';
import { likePattern } from '../../../core/sql';

const MODULE = 'system:layout';
export const LAYOUT_STATUSES = RECORD_STATUSES;
export type LayoutRow = typeof sysLayout.$inferSelect;
export interface LayoutInput {
  layoutName: string;
  layoutUiName: string;
  componentPath?: string | null;
  thumbnail?: string | null;
  status?: (typeof LAYOUT_STATUSES)[number];
  sort?: number;
  remark?: string | null;
}
export interface AvailableLayout {
  layoutId: number | null;
  layoutName: string;
  layoutUiName: string;
  thumbnail: string | null;
}

const renderable = (name: string) => CONSOLE_LAYOUTS.some((l) => l.value === name);

/** Console layouts (spec §7 /rest/layout/*). Rows describe layouts; only CONSOLE_LAYOUTS can be drawn. */
export function createLayoutService({ db }: { db: Db }) {
  async function find(id: number, ex: Executor = db) {
    const [row] = await ex.select().from(sysLayout).where(and(eq(sysLayout.id, id), notDeleted(sysLayout)));
    if (!row) throw errors.notFound('布局');
    return row;
  }

  return {
    async page(q: { pageParameter: PageParameter; keyword?: string; status?: string }) {
      const like = q.keyword ? likePattern(q.keyword) : null;
      const where = and(notDeleted(sysLayout), like ? or(ilike(sysLayout.layoutName, like), ilike(sysLayout.layoutUiName, like)) : undefined, q.status ? eq(sysLayout.status, q.status) : undefined);
      return paginate(
        q.pageParameter,
        (limit, offset) => db.select().from(sysLayout).where(where).orderBy(asc(sysLayout.sort), asc(sysLayout.id)).limit(limit).offset(offset),
        async () => Number((await db.select({ n: count() }).from(sysLayout).where(where))[0]?.n ?? 0),
      );
    },

    get: (id: number) => find(id),

    /**
     * The layouts a theme may choose: every layout the console can draw. An enabled row for one of
     * them lends its name and thumbnail; rows naming layouts the console cannot draw are left out.
     */
    async available(): Promise<AvailableLayout[]> {
      const rows = await db.select().from(sysLayout).where(and(notDeleted(sysLayout), eq(sysLayout.status, 'NORMAL'))).orderBy(asc(sysLayout.sort), asc(sysLayout.id));
      return CONSOLE_LAYOUTS.map((l) => {
        const row = rows.find((r) => r.layoutUiName === l.value);
        return { layoutId: row?.id ?? null, layoutName: row?.layoutName ?? l.label, layoutUiName: l.value, thumbnail: row?.thumbnail ?? null };
      });
    },

    /** Whether a theme may name this layout: only layouts the console can draw. */
    isUsable: async (layoutUiName: string) => renderable(layoutUiName),

    async create(input: LayoutInput, change: ChangeContext): Promise<LayoutRow> {
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysLayout).values({ ...input, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: MODULE, action: 'CREATE', entityId: row!.id, summary: `新增布局：${row!.layoutName}`, before: null, after: row, ...change });
        return row!;
      });
    },

    async update(id: number, lockVersion: number, input: LayoutInput, change: ChangeContext): Promise<LayoutRow> {
      return withTransaction(db, async (tx) => {
        const before = await find(id, tx);
        if (before.layoutUiName !== input.layoutUiName) await refuseIfUsed(tx, before.layoutUiName, '该布局正在被主题使用，不能修改布局标识');
        const after = await updateVersioned(tx, sysLayout, id, lockVersion, input, change.actor, '布局');
        await recordOperation(tx, { module: MODULE, action: 'UPDATE', entityId: id, summary: `修改布局：${after.layoutName}`, before, after, ...change });
        return after;
      });
    },

    async remove(id: number, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await find(id, tx);
        await refuseIfUsed(tx, before.layoutUiName, '该布局正在被主题使用，不能删除');
        await softDelete(tx, sysLayout, id, undefined, change.actor, '布局');
        await recordOperation(tx, { module: MODULE, action: 'DELETE', entityId: id, summary: `删除布局：${before.layoutName}`, before, after: null, ...change });
      });
    },
  };
}

/** Shared themes and personal overrides both count: deleting their layout would break them. */
async function refuseIfUsed(tx: Executor, layoutUiName: string, message: string) {
  const [used] = await tx.select({ n: count() }).from(sysTheme).where(and(eq(sysTheme.layoutUiName, layoutUiName), notDeleted(sysTheme)));
  if (Number(used?.n ?? 0) > 0) throw errors.conflict(message);
}
export type LayoutService = ReturnType<typeof createLayoutService>;
