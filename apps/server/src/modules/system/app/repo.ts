import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysApp, sysAppFunc } from './tables';

export type AppRow = typeof sysApp.$inferSelect;
export type AppFields = Pick<AppRow, 'appCode' | 'appName' | 'visitUrl' | 'path' | 'status' | 'sort' | 'remark'>;

export interface AppFilter {
  appCode?: string;
  appName?: string;
  status?: RecordStatus;
}

const order = [asc(sysApp.sort), asc(sysApp.id)];

/** Every query of applications and of the menus they carry; each takes the executor first. */
export const appRepo = {
  async findLive(ex: Executor, id: number): Promise<AppRow | undefined> {
    const [row] = await ex.select().from(sysApp).where(and(eq(sysApp.id, id), notDeleted(sysApp))).limit(1);
    return row;
  },

  page(ex: Executor, filter: AppFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysApp),
      filter.appCode ? containing(sysApp.appCode, filter.appCode) : undefined,
      filter.appName ? containing(sysApp.appName, filter.appName) : undefined,
      filter.status ? eq(sysApp.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysApp).where(where).orderBy(...order).limit(limit).offset(offset),
      () => countWhere(ex, sysApp, where),
    );
  },

  /** Live applications in force, in display order. */
  inForce: (ex: Executor) =>
    ex
      .select({ id: sysApp.id, appCode: sysApp.appCode, visitUrl: sysApp.visitUrl, path: sysApp.path })
      .from(sysApp)
      .where(and(notDeleted(sysApp), eq(sysApp.status, 'NORMAL')))
      .orderBy(...order),

  /** Live applications (any status), in display order, at most `limit`. */
  list: (ex: Executor, limit: number) =>
    ex.select({ appCode: sysApp.appCode, appName: sysApp.appName, status: sysApp.status }).from(sysApp).where(notDeleted(sysApp)).orderBy(...order).limit(limit),

  async insert(ex: Executor, fields: AppFields, actor: Actor): Promise<AppRow> {
    const [row] = await ex.insert(sysApp).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<AppFields>, actor: Actor) => updateVersioned(ex, sysApp, id, lockVersion, fields, actor, '应用'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysApp, id, lockVersion, actor, '应用'),

  async funcIdsOf(ex: Executor, appId: number): Promise<number[]> {
    const rows = await ex.select({ funcId: sysAppFunc.funcId }).from(sysAppFunc).where(eq(sysAppFunc.appId, appId)).orderBy(asc(sysAppFunc.funcId));
    return rows.map((r) => r.funcId);
  },

  async replaceFuncs(ex: Executor, appId: number, funcIds: number[]): Promise<void> {
    await ex.delete(sysAppFunc).where(eq(sysAppFunc.appId, appId));
    if (funcIds.length) await ex.insert(sysAppFunc).values(funcIds.map((funcId) => ({ appId, funcId })));
  },

  async linkFuncs(ex: Executor, appId: number, funcIds: number[]): Promise<void> {
    await ex.insert(sysAppFunc).values(funcIds.map((funcId) => ({ appId, funcId }))).onConflictDoNothing();
  },

  async unlinkFuncs(ex: Executor, appId: number, funcIds: number[]): Promise<void> {
    await ex.delete(sysAppFunc).where(and(eq(sysAppFunc.appId, appId), inArray(sysAppFunc.funcId, funcIds)));
  },

  /** Deleted menus belong to no application. */
  async forgetFuncs(ex: Executor, funcIds: number[]): Promise<void> {
    await ex.delete(sysAppFunc).where(inArray(sysAppFunc.funcId, funcIds));
  },
};
