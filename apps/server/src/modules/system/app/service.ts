import type { PageParameter, RecordStatus } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { funcDirectory } from '../func/module';
import { appRepo, type AppFields, type AppFilter, type AppRow } from './repo';

export const APP_MODULE = 'system:app';

const present = (row: AppRow) => {
  const { id, ...rest } = row;
  return { appId: id, ...rest };
};

/** Applications (spec §7 /rest/app/*; the member names are ours) and the menus each one carries. */
export function createAppService({ db }: { db: Db }) {
  async function findLive(ex: Executor, id: number): Promise<AppRow> {
    const row = await appRepo.findLive(ex, id);
    if (!row) throw errors.notFound('应用');
    return row;
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: APP_MODULE, action, entityId, summary, before, after, ...change });

  const change = (id: number, lockVersion: number, fields: Partial<AppFields>, summaryOf: (row: AppRow) => string, context: ChangeContext) =>
    withTransaction(db, async (tx) => {
      const before = await findLive(tx, id);
      const row = await appRepo.update(tx, id, lockVersion, fields, context.actor);
      await log(tx, context, 'UPDATE', id, summaryOf(row), present(before), present(row));
      return { ...present(row), funcIds: await appRepo.funcIdsOf(tx, id) };
    });

  return {
    async page(filter: AppFilter, page: PageParameter) {
      const result = await appRepo.page(db, filter, page);
      return { ...result, list: result.list.map(present) };
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      return { ...present(row), funcIds: await appRepo.funcIdsOf(db, id) };
    },

    add: (input: AppFields, context: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const row = await appRepo.insert(tx, input, context.actor);
        await log(tx, context, 'CREATE', row.id, `新增应用「${row.appName}」`, undefined, present(row));
        return { ...present(row), funcIds: [] as number[] };
      }),

    update: (id: number, lockVersion: number, input: AppFields, context: ChangeContext) => change(id, lockVersion, input, (row) => `修改应用「${row.appName}」`, context),

    /** A disabled application leaves the init call's apps (spec §3 Session state apps). */
    updateStatus: (id: number, lockVersion: number, status: RecordStatus, context: ChangeContext) =>
      change(id, lockVersion, { status }, (row) => `${status === 'NORMAL' ? '启用' : '停用'}应用「${row.appName}」`, context),

    /** Soft-deletes the app; its menu bindings go with it (the menus themselves stay). */
    remove: (id: number, lockVersion: number | undefined, context: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const funcIds = await appRepo.funcIdsOf(tx, id);
        const after = await appRepo.softDelete(tx, id, lockVersion, context.actor);
        await appRepo.replaceFuncs(tx, id, []);
        await log(tx, context, 'DELETE', id, `删除应用「${before.appName}」`, { ...present(before), funcIds }, present(after));
      }),

    /** Replaces the app's menus; buttons are not menus, and unknown ids are refused before anything changes. */
    bindMenus: (appId: number, funcIds: number[], context: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const unique = [...new Set(funcIds)].sort((a, b) => a - b);
        const app = await findLive(tx, appId);
        const found = await funcDirectory.live(tx, unique);
        const known = new Set(found.map((f) => f.id));
        const unknown = unique.filter((id) => !known.has(id));
        if (unknown.length) throw errors.badRequest(`菜单不存在：${unknown.join(',')}`);
        const buttons = found.filter((f) => f.funcType === 'BUTTON').map((f) => f.id);
        if (buttons.length) throw errors.badRequest(`应用只能绑定目录或菜单，不能绑定按钮：${buttons.join(',')}`);
        const before = await appRepo.funcIdsOf(tx, appId);
        await appRepo.replaceFuncs(tx, appId, unique);
        await log(tx, context, 'BIND', appId, `为应用「${app.appName}」绑定菜单`, { funcIds: before }, { funcIds: unique });
        return { funcIds: unique };
      }),
  };
}
export type AppService = ReturnType<typeof createAppService>;
