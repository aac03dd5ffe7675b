import { RECORD_STATUSES } from '@dandelion/shared';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import { sysFunc } from '../func/schema';
import type { ChangeContext } from '../role/service';
import { sysApp, sysAppFunc } from './schema';
import { likePattern } from '../../../core/sql';

export type AppRow = typeof sysApp.$inferSelect;
export const APP_MODULE = 'system:app';
export const APP_STATUSES = RECORD_STATUSES;
export type AppStatus = (typeof APP_STATUSES)[number];

export interface AppInput {
  appCode: string;
  appName: string;
  visitUrl: string;
  path: string;
  status: AppStatus;
  sort: number;
  remark: string | null;
}

export interface AppFilter {
  appCode?: string;
  appName?: string;
  status?: string;
}

/** What the console's init call lists (spec §3 Session state apps). */
export interface AppEntry {
  appCode: string;
  visitUrl: string;
  path: string;
}

const present = (row: AppRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { appId: id, ...rest };
};

/** Applications (spec §7 /rest/app/*; the member names are ours) and the menus each one carries. */
export function createAppService({ db }: { db: Db }) {
  async function findLive(ex: Executor, id: number): Promise<AppRow> {
    const [row] = await ex.select().from(sysApp).where(and(eq(sysApp.id, id), notDeleted(sysApp))).limit(1);
    if (!row) throw errors.notFound('应用');
    return row;
  }

  async function funcIdsOf(ex: Executor, appId: number): Promise<number[]> {
    const rows = await ex.select({ funcId: sysAppFunc.funcId }).from(sysAppFunc).where(eq(sysAppFunc.appId, appId)).orderBy(asc(sysAppFunc.funcId));
    return rows.map((r) => r.funcId);
  }

  return {
    /** Apps in force, in display order: the init call's `apps`. */
    async inForce(): Promise<AppEntry[]> {
      return db
        .select({ appCode: sysApp.appCode, visitUrl: sysApp.visitUrl, path: sysApp.path })
        .from(sysApp)
        .where(and(notDeleted(sysApp), eq(sysApp.status, 'NORMAL')))
        .orderBy(asc(sysApp.sort), asc(sysApp.id));
    },

    async page(filter: AppFilter, page: PageParameter) {
      const where: SQL | undefined = and(
        notDeleted(sysApp),
        filter.appCode ? ilike(sysApp.appCode, likePattern(filter.appCode)) : undefined,
        filter.appName ? ilike(sysApp.appName, likePattern(filter.appName)) : undefined,
        filter.status ? eq(sysApp.status, filter.status) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(sysApp).where(where).orderBy(asc(sysApp.sort), asc(sysApp.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysApp).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(present) };
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      return { ...present(row), funcIds: await funcIdsOf(db, id) };
    },

    async add(input: AppInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysApp).values({ ...input, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: APP_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增应用「${row!.appName}」`, after: present(row!), ...change });
        return { ...present(row!), funcIds: [] as number[] };
      });
    },

    async update(id: number, lockVersion: number, input: Partial<AppInput>, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, sysApp, id, lockVersion, input, change.actor, '应用');
        const summary = input.appName === undefined && input.status ? `${input.status === 'NORMAL' ? '启用' : '停用'}应用「${row.appName}」` : `修改应用「${row.appName}」`;
        await recordOperation(tx, { module: APP_MODULE, action: 'UPDATE', entityId: id, summary, before: present(before), after: present(row), ...change });
        return { ...present(row), funcIds: await funcIdsOf(tx, id) };
      });
    },

    /** Soft-deletes the app; its menu bindings go with it (the menus themselves stay). */
    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const funcIds = await funcIdsOf(tx, id);
        const after = await softDelete(tx, sysApp, id, lockVersion, change.actor, '应用');
        await tx.delete(sysAppFunc).where(eq(sysAppFunc.appId, id));
        await recordOperation(tx, { module: APP_MODULE, action: 'DELETE', entityId: id, summary: `删除应用「${before.appName}」`, before: { ...present(before), funcIds }, after: present(after), ...change });
      });
    },

    /** Replaces the app's menus; buttons are not menus, and unknown ids are refused before anything changes. */
    async bindMenus(appId: number, funcIds: number[], change: ChangeContext) {
      const unique = [...new Set(funcIds)].sort((a, b) => a - b);
      return withTransaction(db, async (tx) => {
        const app = await findLive(tx, appId);
        const found = unique.length
          ? await tx.select({ id: sysFunc.id, funcType: sysFunc.funcType }).from(sysFunc).where(and(inArray(sysFunc.id, unique), notDeleted(sysFunc)))
          : [];
        const known = new Set(found.map((f) => f.id));
        const unknown = unique.filter((id) => !known.has(id));
        if (unknown.length) throw errors.badRequest(`菜单不存在：${unknown.join(',')}`);
        const buttons = found.filter((f) => f.funcType === 'BUTTON').map((f) => f.id);
        if (buttons.length) throw errors.badRequest(`应用只能绑定目录或菜单，不能绑定按钮：${buttons.join(',')}`);
        const before = await funcIdsOf(tx, appId);
        await tx.delete(sysAppFunc).where(eq(sysAppFunc.appId, appId));
        if (unique.length) await tx.insert(sysAppFunc).values(unique.map((funcId) => ({ appId, funcId })));
        await recordOperation(tx, { module: APP_MODULE, action: 'BIND', entityId: appId, summary: `为应用「${app.appName}」绑定菜单`, before: { funcIds: before }, after: { funcIds: unique }, ...change });
        return { funcIds: unique };
      });
    },
  };
}
export type AppService = ReturnType<typeof createAppService>;
