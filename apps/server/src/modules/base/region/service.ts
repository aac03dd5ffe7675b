import { eq, inArray } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { EventBus } from '../../../core/bus';
import { createInvalidatingCache } from '../../../core/cache';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { childCount, childrenOf, findByCode, findLive, pathOf, searchQuery, shiftDescendantLevels, subtreeDepth, type RegionRow } from './repo';
import { baseRegion, baseRegionGroup, baseRegionGroupMember } from './tables';

export const REGION_MODULE = 'base:region';
/** Province, city, county, township, village. */
export const MAX_REGION_LEVEL = 5;

export interface RegionInput {
  parentCode: string | null;
  regionCode: string;
  regionName: string;
  sort?: number;
  remark: string | null;
}

/** A region as the portal's forms need it (nothing an administrator keeps about it). */
export interface RegionOption {
  regionCode: string;
  regionName: string;
  regionLevel: number;
  isLeaf: boolean;
}

export function presentRegion(row: RegionRow, extra: { hasChildren?: boolean; parentCode?: string | null } = {}) {
  const { id, delFlag: _d, createById: _c, updateById: _u, ...rest } = row;
  return { regionId: id, ...rest, hasChildren: extra.hasChildren ?? false, parentCode: extra.parentCode ?? null };
}
export type RegionRecord = ReturnType<typeof presentRegion>;

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

  /** The parent a region goes under; `selfId` (a moved region) may not be the parent or one of its ancestors. */
  async function parentByCode(ex: Executor, code: string | null, selfId?: number): Promise<RegionRow | null> {
    if (code === null) return null;
    const parent = await findByCode(ex, code);
    if (!parent) throw errors.badRequest(`上级区划「${code}」不存在`);
    if (selfId !== undefined && (await pathOf(ex, parent.id)).some((r) => r.id === selfId)) throw errors.badRequest('不能把行政区划移到它自己或它的下级之下');
    if (parent.regionLevel >= MAX_REGION_LEVEL) throw errors.badRequest(`行政区划最多 ${MAX_REGION_LEVEL} 级（省、市、县、乡镇、村）`);
    return parent;
  }

  async function checkCode(ex: Executor, code: string, exceptId?: number) {
    const taken = await findByCode(ex, code);
    if (taken && taken.id !== exceptId) throw errors.conflict(`区划代码「${code}」已被「${taken.regionName}」使用，请更换后重试`);
  }

  async function groupNamesOf(ex: Executor, regionId: number): Promise<string[]> {
    const rows = await ex
      .select({ name: baseRegionGroup.groupName })
      .from(baseRegionGroupMember)
      .innerJoin(baseRegionGroup, eq(baseRegionGroup.id, baseRegionGroupMember.groupId))
      .where(eq(baseRegionGroupMember.regionId, regionId));
    return rows.map((r) => r.name);
  }

  const parentCodeOf = async (ex: Executor, row: RegionRow) => (row.parentId ? (await findLive(ex, row.parentId).catch(() => null))?.regionCode ?? null : null);

  return {
    /** The children of a region by code ('' or absent: the provinces), for the portal's cascaders. */
    async childrenByCode(parentCode: string | null): Promise<RegionOption[]> {
      const key = parentCode ?? '';
      const hit = cache.get(key);
      if (hit) return hit;
      const started = generation;
      let parentId: number | null = null;
      if (parentCode) {
        const parent = await findByCode(db, parentCode);
        if (!parent) throw errors.notFound(`行政区划「${parentCode}」`);
        parentId = parent.id;
      }
      const options = (await childrenOf(db, parentId)).map(({ region, hasChildren }) => ({
        regionCode: region.regionCode, regionName: region.regionName, regionLevel: region.regionLevel, isLeaf: !hasChildren,
      }));
      if (generation === started) cache.set(key, options);
      return options;
    },

    /** A region and its ancestors, the province first (to show a stored code as 浙江省 / 杭州市 / 西湖区). */
    async pathByCode(code: string): Promise<Array<Omit<RegionOption, 'isLeaf'>>> {
      const row = await findByCode(db, code);
      if (!row) throw errors.notFound(`行政区划「${code}」`);
      return (await pathOf(db, row.id)).map((r) => ({ regionCode: r.regionCode, regionName: r.regionName, regionLevel: r.regionLevel }));
    },

    /** One level of the administration tree (lazy): each row says whether it has children. */
    async tree(parentId: number | null): Promise<RegionRecord[]> {
      const parentCode = parentId ? (await findLive(db, parentId)).regionCode : null;
      return (await childrenOf(db, parentId)).map(({ region, hasChildren }) => presentRegion(region, { hasChildren, parentCode }));
    },

    async search(keyword: string, page: PageParameter) {
      const query = searchQuery(db, keyword);
      const result = await paginate(page, query.rows, query.total);
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
      const path = await pathOf(db, id);
      const parents = path.slice(0, -1);
      return {
        ...presentRegion(row, { hasChildren: (await childCount(db, id)) > 0, parentCode: parents.at(-1)?.regionCode ?? null }),
        parentPath: parents.map((p) => p.regionCode),
        fullName: path.map((p) => p.regionName).join(' / '),
      };
    },

    async add(input: RegionInput, change: ChangeContext): Promise<RegionRecord> {
      const result = await withTransaction(db, async (tx) => {
        const parent = await parentByCode(tx, input.parentCode);
        await checkCode(tx, input.regionCode);
        let sort = input.sort;
        if (sort === undefined) {
          const siblings = await childrenOf(tx, parent?.id ?? null);
          sort = siblings.reduce((max, s) => Math.max(max, s.region.sort), 0) + 1;
        }
        const [row] = await tx
          .insert(baseRegion)
          .values({
            parentId: parent?.id ?? null, regionCode: input.regionCode, regionName: input.regionName, regionLevel: (parent?.regionLevel ?? 0) + 1, sort, remark: input.remark,
            ...createdBy(change.actor),
          })
          .returning();
        const record = presentRegion(row!, { parentCode: parent?.regionCode ?? null });
        await recordOperation(tx, { module: REGION_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增行政区划「${row!.regionName}」（${row!.regionCode}）`, after: record, ...change });
        return record;
      });
      await changed();
      return result;
    },

    /** Edits a region; a new parent moves its whole subtree (levels follow). */
    async update(id: number, lockVersion: number, input: RegionInput, change: ChangeContext): Promise<RegionRecord> {
      const result = await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const parent = await parentByCode(tx, input.parentCode, id);
        const level = (parent?.regionLevel ?? 0) + 1;
        if (level !== before.regionLevel && level + (await subtreeDepth(tx, id)) > MAX_REGION_LEVEL) {
          throw errors.badRequest(`行政区划最多 ${MAX_REGION_LEVEL} 级，移动后会超出`);
        }
        if (input.regionCode !== before.regionCode) await checkCode(tx, input.regionCode, id);
        const row = await updateVersioned(
          tx, baseRegion, id, lockVersion,
          { parentId: parent?.id ?? null, regionCode: input.regionCode, regionName: input.regionName, regionLevel: level, sort: input.sort ?? before.sort, remark: input.remark },
          change.actor, '行政区划',
        );
        await shiftDescendantLevels(tx, id, level - before.regionLevel);
        const moved = (parent?.id ?? null) !== before.parentId;
        const record = presentRegion(row, { parentCode: parent?.regionCode ?? null });
        await recordOperation(tx, {
          module: REGION_MODULE, action: moved ? 'MOVE' : 'UPDATE', entityId: id, summary: `${moved ? '移动' : '修改'}行政区划「${row.regionName}」（${row.regionCode}）`,
          before: presentRegion(before, { parentCode: await parentCodeOf(tx, before) }), after: record, ...change,
        });
        return record;
      });
      await changed();
      return result;
    },

    /** Deletes a leaf region that no group holds; otherwise says why not. */
    async remove(id: number, lockVersion: number | undefined, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const children = await childCount(tx, id);
        if (children) throw errors.conflict(`「${before.regionName}」下还有 ${children} 个下级区划，请先删除下级区划`);
        const groups = await groupNamesOf(tx, id);
        if (groups.length) throw errors.conflict(`「${before.regionName}」仍属于区划分组${groups.map((g) => `「${g}」`).join('')}，请先从分组中移除`);
        const after = await softDelete(tx, baseRegion, id, lockVersion, change.actor, '行政区划');
        await recordOperation(tx, {
          module: REGION_MODULE, action: 'DELETE', entityId: id, summary: `删除行政区划「${before.regionName}」（${before.regionCode}）`,
          before: presentRegion(before), after: presentRegion(after), ...change,
        });
      });
      await changed();
    },

    /** Live regions by code, for group membership; unknown codes are named in the refusal. */
    async resolveCodes(ex: Executor, codes: string[]): Promise<RegionRow[]> {
      if (!codes.length) return [];
      const rows = await ex.select().from(baseRegion).where(inArray(baseRegion.regionCode, codes));
      const live = rows.filter((r) => r.delFlag === 0);
      const known = new Set(live.map((r) => r.regionCode));
      const unknown = codes.filter((c) => !known.has(c));
      if (unknown.length) throw errors.badRequest(`行政区划不存在：${unknown.slice(0, 10).join('、')}${unknown.length > 10 ? ` 等 ${unknown.length} 个` : ''}`);
      return live;
    },

  };
}
export type RegionService = ReturnType<typeof createRegionService>;
