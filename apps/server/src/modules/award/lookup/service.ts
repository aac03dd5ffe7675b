import type { PageParameter } from '@dandelion/shared';
import { LOOKUP_KIND_LABELS, type LookupKind } from '@dandelion/shared/award/lookup';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { lookupRepo, type ListedLookup, type LookupFields, type LookupFilter, type LookupRow, type PublicLookup } from './repo';

/** The lookups the portal shows: /fund the funds, /national the plan projects (task origins stay internal). */
export type PublicLookupKind = Extract<LookupKind, 'FUND' | 'PROJECT'>;

/** The portal's cache of the prize pages (the area wires one for lookups and achievements alike). */
export interface LookupPortalCache {
  read<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidateAll(): Promise<void>;
}
const uncached: LookupPortalCache = { read: (_key, load) => load(), invalidateAll: async () => {} };

/** The operation log's module of each list: the prefix of its permission codes (award:fund …). */
export const LOOKUP_LOG_MODULES: Readonly<Record<LookupKind, string>> = { FUND: 'award:fund', PROJECT: 'award:project', ORIGIN: 'award:origin' };

const present = (row: LookupRow, collected: boolean): ListedLookup => {
  const { kind: _kind, ...rest } = row;
  return { ...rest, collected };
};

/**
 * The office's lookups (基金, 计划项目, 任务来源) and everyone's favourites of them. A row of another kind
 * answers 404 as a missing one does: each call reaches only its own list.
 */
export function createLookupService({ db, portal = uncached }: { db: Db; portal?: LookupPortalCache }) {
  /** A change in one transaction, then the portal's cached pages are emptied on every instance. */
  async function changing<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portal.invalidateAll();
    return result;
  }

  async function findLive(ex: Executor, kind: LookupKind, id: number): Promise<LookupRow> {
    const row = await lookupRepo.findLive(ex, kind, id);
    if (!row) throw errors.notFound(LOOKUP_KIND_LABELS[kind]);
    return row;
  }

  const log = (ex: Executor, kind: LookupKind, change: ChangeContext, action: string, row: LookupRow, before: LookupRow | null, after: LookupRow | null) =>
    recordOperation(ex, {
      module: LOOKUP_LOG_MODULES[kind],
      action,
      entityId: row.id,
      summary: `${{ CREATE: '新增', UPDATE: '修改', DELETE: '删除' }[action]}${LOOKUP_KIND_LABELS[kind]}「${row.name}」`,
      before: before && present(before, false),
      after: after && present(after, false),
      ...change,
    });

  return {
    page: (userId: number, kind: LookupKind, filter: LookupFilter, page: PageParameter) => lookupRepo.page(db, userId, kind, filter, page),

    async detail(userId: number, kind: LookupKind, id: number): Promise<ListedLookup> {
      const row = await findLive(db, kind, id);
      return present(row, await lookupRepo.isCollected(db, userId, kind, id));
    },

    add: (kind: LookupKind, input: LookupFields, change: ChangeContext) =>
      changing(async (tx) => {
        const row = await lookupRepo.insert(tx, kind, input, change.actor);
        await log(tx, kind, change, 'CREATE', row, null, row);
        return present(row, false);
      }),

    update: (kind: LookupKind, id: number, lockVersion: number, input: LookupFields, change: ChangeContext) =>
      changing(async (tx) => {
        const before = await findLive(tx, kind, id);
        const row = await lookupRepo.update(tx, id, lockVersion, input, change.actor, LOOKUP_KIND_LABELS[kind]);
        await log(tx, kind, change, 'UPDATE', row, before, row);
        return present(row, await lookupRepo.isCollected(tx, change.actor.id, kind, id));
      }),

    /** Soft delete: a declaration that named the row keeps its name; favourites of it stop showing. */
    remove: (kind: LookupKind, id: number, lockVersion: number | undefined, change: ChangeContext) =>
      changing(async (tx) => {
        const before = await findLive(tx, kind, id);
        const after = await lookupRepo.softDelete(tx, id, lockVersion, change.actor, LOOKUP_KIND_LABELS[kind]);
        await log(tx, kind, change, 'DELETE', before, before, after);
      }),

    /** The portal's page of funds or plan projects (anonymous; cached until a lookup changes). */
    publicPage: (kind: PublicLookupKind, filter: Omit<LookupFilter, 'collectedOnly'>, page: PageParameter) =>
      portal.read(`lookup:${kind}:page:${JSON.stringify([filter.keyword ?? '', filter.level ?? '', page.pageNum, page.pageSize])}`, () => lookupRepo.publicPage(db, kind, filter, page)),

    /** One live row for the portal; 404 for a missing, deleted or other-kind row. */
    publicDetail: (kind: PublicLookupKind, id: number): Promise<PublicLookup> =>
      portal.read(`lookup:${kind}:detail:${id}`, async () => {
        const { id: rowId, name, code, agency, level, remark } = await findLive(db, kind, id);
        return { id: rowId, name, code, agency, level, remark };
      }),

    /** 收藏 / 取消收藏: idempotent; a missing or deleted row, or one of another kind, is 404 either way. */
    async setCollected(userId: number, kind: LookupKind, id: number, collected: boolean): Promise<{ collected: boolean }> {
      await findLive(db, kind, id);
      await lookupRepo.setCollected(db, userId, kind, id, collected);
      return { collected };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;

/** What other features read of lookups (a declaration's task sources): the live rows of a kind among ids. */
export const lookupDirectory = {
  liveAmong: (ex: Executor, kind: LookupKind, ids: number[]) => lookupRepo.liveAmong(ex, kind, ids),
};
