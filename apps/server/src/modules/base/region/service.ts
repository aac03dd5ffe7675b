import type { PageParameter } from '@dandelion/shared';
import { MAX_REGION_LEVEL, type RegionOption } from '@dandelion/shared/base/region';
import { recordOperation, type ChangeContext, type OperationEntry } from '../../../core/audit';
import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { regionRepo, type RegionRow } from './repo';

export const REGION_MODULE = 'base:region';

export interface RegionInput {
  parentCode: string | null;
  regionCode: string;
  regionName: string;
  sort?: number;
  remark: string | null;
}

export function presentRegion(row: RegionRow, extra: { hasChildren?: boolean; parentCode?: string | null } = {}) {
  const { id, ...rest } = row;
  return { regionId: id, ...rest, hasChildren: extra.hasChildren ?? false, parentCode: extra.parentCode ?? null };
}
export type RegionRecord = ReturnType<typeof presentRegion>;

/** The operation-log row of a region or group change, written in the change's transaction. */
export const logRegionChange = (ex: Executor, change: ChangeContext, entry: Omit<OperationEntry, 'module' | keyof ChangeContext>) =>
  recordOperation(ex, { module: REGION_MODULE, ...entry, ...change });

async function findLive(ex: Executor, id: number): Promise<RegionRow> {
  const row = await regionRepo.findLive(ex, id);
  if (!row) throw errors.notFound('行政区划');
  return row;
}

/**
 * Regions (/rest/region/*): the lazily read tree, search, and their administration. The reads the
 * portal's forms make are cached per instance and dropped on every instance at any change.
 */
export function createRegionService({ db, bus }: { db: Db; bus: EventBus }) {
  const cache = createInvalidatingCache<RegionOption[]>(bus, 'region', { ttlMs: 30 * 60_000, maxEntries: 5_000 });
  // A read that started before a change must not put old children back (see the dictionary cache).
  let generation = 0;
  bus.subscribe('cache:region', () => {
    generation += 1;
  });
  const changed = async () => {
    generation += 1;
    cache.clear();
    await cache.invalidate('*');
  };
  /** Runs a change in one transaction; once it committed, every instance drops its cached levels. */
  async function change<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, work);
    await changed();
    return result;
  }

  /** The parent a region goes under; `selfId` (a moved region) may not be the parent or one of its ancestors. */
  async function parentByCode(ex: Executor, code: string | null, selfId?: number): Promise<RegionRow | null> {
    if (code === null) return null;
    const parent = await regionRepo.findByCode(ex, code);
    if (!parent) throw errors.badRequest(`上级区划「${code}」不存在`);
    if (selfId !== undefined && (await regionRepo.pathOf(ex, parent.id)).some((r) => r.id === selfId)) throw errors.badRequest('不能把行政区划移到它自己或它的下级之下');
    if (parent.regionLevel >= MAX_REGION_LEVEL) throw errors.badRequest(`行政区划最多 ${MAX_REGION_LEVEL} 级（省、市、县、乡镇、村）`);
    return parent;
  }

  async function checkCode(ex: Executor, code: string, exceptId?: number) {
    const taken = await regionRepo.findByCode(ex, code);
    if (taken && taken.id !== exceptId) throw errors.conflict(`区划代码「${code}」已被「${taken.regionName}」使用，请更换后重试`);
  }

  const parentCodeOf = async (ex: Executor, row: RegionRow) => (row.parentId ? ((await regionRepo.findLive(ex, row.parentId))?.regionCode ?? null) : null);

  return {
    /** The children of a region by code ('' or absent: the provinces), for the portal's cascaders. */
    async childrenByCode(parentCode: string | null): Promise<RegionOption[]> {
      const key = parentCode ?? '';
      const hit = cache.get(key);
      if (hit) return hit;
      const started = generation;
      let parentId: number | null = null;
      if (parentCode) {
        const parent = await regionRepo.findByCode(db, parentCode);
        if (!parent) throw errors.notFound(`行政区划「${parentCode}」`);
        parentId = parent.id;
      }
      const options = (await regionRepo.childrenOf(db, parentId)).map(({ region, hasChildren }) => ({
        regionCode: region.regionCode, regionName: region.regionName, regionLevel: region.regionLevel, isLeaf: !hasChildren,
      }));
      if (generation === started) cache.set(key, options);
      return options;
    },

    /** A region and its ancestors, the province first (to show a stored code as 浙江省 / 杭州市 / 西湖区). */
    async pathByCode(code: string): Promise<Array<Omit<RegionOption, 'isLeaf'>>> {
      const row = await regionRepo.findByCode(db, code);
      if (!row) throw errors.notFound(`行政区划「${code}」`);
      return (await regionRepo.pathOf(db, row.id)).map((r) => ({ regionCode: r.regionCode, regionName: r.regionName, regionLevel: r.regionLevel }));
    },

    /** One level of the administration tree (lazy): each row says whether it has children. */
    async tree(parentId: number | null): Promise<RegionRecord[]> {
      const parentCode = parentId ? (await findLive(db, parentId)).regionCode : null;
      return (await regionRepo.childrenOf(db, parentId)).map(({ region, hasChildren }) => presentRegion(region, { hasChildren, parentCode }));
    },

    async search(keyword: string, page: PageParameter) {
      const result = await regionRepo.search(db, keyword, page);
      return {
        ...result,
        list: result.list.map(({ region, hasChildren, ancestors }) => {
          const path = ancestors.filter((a): a is { code: string; name: string } => a !== null);
          return {
            ...presentRegion(region, { hasChildren, parentCode: path.at(-1)?.code ?? null }),
            fullName: [...path.map((a) => a.name), region.regionName].join(' / '),
            pathCodes: [...path.map((a) => a.code), region.regionCode],
          };
        }),
      };
    },

    /** A region with the codes of its ancestors (the parent field's cascader value). */
    async detail(id: number) {
      const row = await findLive(db, id);
      const path = await regionRepo.pathOf(db, id);
      const parents = path.slice(0, -1);
      return {
        ...presentRegion(row, { hasChildren: (await regionRepo.childCount(db, id)) > 0, parentCode: parents.at(-1)?.regionCode ?? null }),
        parentPath: parents.map((p) => p.regionCode),
        fullName: path.map((p) => p.regionName).join(' / '),
      };
    },

    add: (input: RegionInput, ctx: ChangeContext): Promise<RegionRecord> =>
      change(async (tx) => {
        const parent = await parentByCode(tx, input.parentCode);
        await checkCode(tx, input.regionCode);
        let sort = input.sort;
        if (sort === undefined) {
          const siblings = await regionRepo.childrenOf(tx, parent?.id ?? null);
          sort = siblings.reduce((max, s) => Math.max(max, s.region.sort), 0) + 1;
        }
        const row = await regionRepo.insert(
          tx,
          { parentId: parent?.id ?? null, regionCode: input.regionCode, regionName: input.regionName, regionLevel: (parent?.regionLevel ?? 0) + 1, sort, remark: input.remark },
          ctx.actor,
        );
        const record = presentRegion(row, { parentCode: parent?.regionCode ?? null });
        await logRegionChange(tx, ctx, { action: 'CREATE', entityId: row.id, summary: `新增行政区划「${row.regionName}」（${row.regionCode}）`, after: record });
        return record;
      }),

    /** Edits a region; a new parent moves its whole subtree (levels follow). */
    update: (id: number, lockVersion: number, input: RegionInput, ctx: ChangeContext): Promise<RegionRecord> =>
      change(async (tx) => {
        const before = await findLive(tx, id);
        const parent = await parentByCode(tx, input.parentCode, id);
        const level = (parent?.regionLevel ?? 0) + 1;
        if (level !== before.regionLevel && level + (await regionRepo.subtreeDepth(tx, id)) > MAX_REGION_LEVEL) {
          throw errors.badRequest(`行政区划最多 ${MAX_REGION_LEVEL} 级，移动后会超出`);
        }
        if (input.regionCode !== before.regionCode) await checkCode(tx, input.regionCode, id);
        const row = await regionRepo.update(
          tx, id, lockVersion,
          { parentId: parent?.id ?? null, regionCode: input.regionCode, regionName: input.regionName, regionLevel: level, sort: input.sort ?? before.sort, remark: input.remark },
          ctx.actor,
        );
        await regionRepo.shiftDescendantLevels(tx, id, level - before.regionLevel);
        const moved = (parent?.id ?? null) !== before.parentId;
        const record = presentRegion(row, { parentCode: parent?.regionCode ?? null });
        await logRegionChange(tx, ctx, {
          action: moved ? 'MOVE' : 'UPDATE', entityId: id, summary: `${moved ? '移动' : '修改'}行政区划「${row.regionName}」（${row.regionCode}）`,
          before: presentRegion(before, { parentCode: await parentCodeOf(tx, before) }), after: record,
        });
        return record;
      }),

    /** Deletes a leaf region that no group holds; otherwise says why not. */
    remove: (id: number, lockVersion: number | undefined, ctx: ChangeContext): Promise<void> =>
      change(async (tx) => {
        const before = await findLive(tx, id);
        const children = await regionRepo.childCount(tx, id);
        if (children) throw errors.conflict(`「${before.regionName}」下还有 ${children} 个下级区划，请先删除下级区划`);
        const groups = await regionRepo.groupNamesOf(tx, id);
        if (groups.length) throw errors.conflict(`「${before.regionName}」仍属于区划分组${groups.map((g) => `「${g}」`).join('')}，请先从分组中移除`);
        const after = await regionRepo.softDelete(tx, id, lockVersion, ctx.actor);
        await logRegionChange(tx, ctx, {
          action: 'DELETE', entityId: id, summary: `删除行政区划「${before.regionName}」（${before.regionCode}）`, before: presentRegion(before), after: presentRegion(after),
        });
      }),

    /** Live regions by code, for group membership; unknown codes are named in the refusal. */
    async resolveCodes(ex: Executor, codes: string[]): Promise<RegionRow[]> {
      const live = await regionRepo.liveByCodes(ex, codes);
      const known = new Set(live.map((r) => r.regionCode));
      const unknown = codes.filter((c) => !known.has(c));
      if (unknown.length) throw errors.badRequest(`行政区划不存在：${unknown.slice(0, 10).join('、')}${unknown.length > 10 ? ` 等 ${unknown.length} 个` : ''}`);
      return live;
    },
  };
}
export type RegionService = ReturnType<typeof createRegionService>;
