import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { baseRegion, baseRegionGroup, baseRegionGroupMember } from './tables';

export type RegionRow = typeof baseRegion.$inferSelect;
export type RegionFields = Pick<RegionRow, 'parentId' | 'regionCode' | 'regionName' | 'regionLevel' | 'sort' | 'remark'>;
export type GroupRow = typeof baseRegionGroup.$inferSelect;
export type GroupFields = Pick<GroupRow, 'groupCode' | 'groupName' | 'sort' | 'remark'>;

export interface GroupFilter {
  groupCode?: string;
  groupName?: string;
}

export interface GroupMember {
  regionId: number;
  regionCode: string;
  regionName: string;
  regionLevel: number;
}

// Written qualified: Drizzle renders a column of a single-table select unqualified, which inside the
// subquery would name the child's own id.
const hasChildren = sql<boolean>`exists (select 1 from base_region c where c.parent_id = "base_region"."id" and c.del_flag = 0)`;

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** Every query of regions; each takes the executor (database or open transaction) to run on. */
export const regionRepo = {
  async findLive(ex: Executor, id: number): Promise<RegionRow | undefined> {
    const [row] = await ex.select().from(baseRegion).where(and(eq(baseRegion.id, id), notDeleted(baseRegion))).limit(1);
    return row;
  },

  async findByCode(ex: Executor, code: string): Promise<RegionRow | undefined> {
    const [row] = await ex.select().from(baseRegion).where(and(eq(baseRegion.regionCode, code), notDeleted(baseRegion))).limit(1);
    return row;
  },

  /** The live regions among `codes`. */
  async liveByCodes(ex: Executor, codes: string[]): Promise<RegionRow[]> {
    if (!codes.length) return [];
    const rows = await ex.select().from(baseRegion).where(inArray(baseRegion.regionCode, codes));
    return rows.filter((r) => r.delFlag === 0);
  },

  /** Live children of `parentId` (null: the provinces), in display order, each saying whether it has children. */
  childrenOf(ex: Executor, parentId: number | null) {
    return ex
      .select({ region: baseRegion, hasChildren })
      .from(baseRegion)
      .where(and(parentId === null ? isNull(baseRegion.parentId) : eq(baseRegion.parentId, parentId), notDeleted(baseRegion)))
      .orderBy(asc(baseRegion.sort), asc(baseRegion.regionCode));
  },

  async childCount(ex: Executor, id: number): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(baseRegion).where(and(eq(baseRegion.parentId, id), notDeleted(baseRegion)));
    return Number(row!.n);
  },

  /** The region and its ancestors, the top first. */
  async pathOf(ex: Executor, id: number): Promise<RegionRow[]> {
    const result = await ex.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from base_region where id = ${id} and del_flag = 0
        union all
        select p.id, p.parent_id, up.depth + 1 from base_region p join up on p.id = up.parent_id where p.del_flag = 0 and up.depth < 10
      )
      select id from up order by depth desc`);
    const ids = rowsOf<{ id: string | number }>(result).map((r) => Number(r.id));
    if (!ids.length) return [];
    const rows = await ex.select().from(baseRegion).where(sql`${baseRegion.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((i) => byId.get(i)!).filter(Boolean);
  },

  /** How many levels lie below the region (0 for a leaf). */
  async subtreeDepth(ex: Executor, id: number): Promise<number> {
    const result = await ex.execute(sql`
      with recursive down(id, depth) as (
        select id, 0 from base_region where id = ${id}
        union all
        select c.id, down.depth + 1 from base_region c join down on c.parent_id = down.id where c.del_flag = 0 and down.depth < 10
      )
      select max(depth)::int as depth from down`);
    return Number(rowsOf<{ depth: number }>(result)[0]?.depth ?? 0);
  },

  /** Shifts the level of every live descendant of `id` by `delta` (a moved subtree). */
  async shiftDescendantLevels(ex: Executor, id: number, delta: number): Promise<void> {
    if (delta === 0) return;
    await ex.execute(sql`
      with recursive down(id, depth) as (
        select c.id, 1 from base_region c where c.parent_id = ${id} and c.del_flag = 0
        union all
        select c.id, down.depth + 1 from base_region c join down on c.parent_id = down.id where c.del_flag = 0 and down.depth < 10
      )
      update base_region set region_level = region_level + ${delta} where id in (select id from down)`);
  },

  /** A page of the regions whose name or code contains `keyword`, each with up to four ancestors for the path. */
  search(ex: Executor, keyword: string, page: PageParameter) {
    const p1 = alias(baseRegion, 'p1');
    const p2 = alias(baseRegion, 'p2');
    const p3 = alias(baseRegion, 'p3');
    const p4 = alias(baseRegion, 'p4');
    const where: SQL = and(notDeleted(baseRegion), or(containing(baseRegion.regionName, keyword), containing(baseRegion.regionCode, keyword)))!;
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select({
            region: baseRegion,
            hasChildren,
            ancestors: sql<Array<{ code: string; name: string } | null>>`json_build_array(
              case when ${p4.id} is null then null else json_build_object('code', ${p4.regionCode}, 'name', ${p4.regionName}) end,
              case when ${p3.id} is null then null else json_build_object('code', ${p3.regionCode}, 'name', ${p3.regionName}) end,
              case when ${p2.id} is null then null else json_build_object('code', ${p2.regionCode}, 'name', ${p2.regionName}) end,
              case when ${p1.id} is null then null else json_build_object('code', ${p1.regionCode}, 'name', ${p1.regionName}) end)`,
          })
          .from(baseRegion)
          .leftJoin(p1, eq(p1.id, baseRegion.parentId))
          .leftJoin(p2, eq(p2.id, p1.parentId))
          .leftJoin(p3, eq(p3.id, p2.parentId))
          .leftJoin(p4, eq(p4.id, p3.parentId))
          .where(where)
          .orderBy(asc(baseRegion.regionLevel), asc(baseRegion.regionCode))
          .limit(limit)
          .offset(offset),
      () => countWhere(ex, baseRegion, where),
    );
  },

  async insert(ex: Executor, fields: RegionFields, actor: Actor): Promise<RegionRow> {
    const [row] = await ex.insert(baseRegion).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: RegionFields, actor: Actor) => updateVersioned(ex, baseRegion, id, lockVersion, fields, actor, '行政区划'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, baseRegion, id, lockVersion, actor, '行政区划'),

  /** The names of the groups a region belongs to. */
  async groupNamesOf(ex: Executor, regionId: number): Promise<string[]> {
    const rows = await ex
      .select({ name: baseRegionGroup.groupName })
      .from(baseRegionGroupMember)
      .innerJoin(baseRegionGroup, eq(baseRegionGroup.id, baseRegionGroupMember.groupId))
      .where(eq(baseRegionGroupMember.regionId, regionId));
    return rows.map((r) => r.name);
  },
};

/** Every query of region groups and their members. */
export const groupRepo = {
  async findLive(ex: Executor, id: number): Promise<GroupRow | undefined> {
    const [row] = await ex.select().from(baseRegionGroup).where(and(eq(baseRegionGroup.id, id), notDeleted(baseRegionGroup))).limit(1);
    return row;
  },

  /** Whether another live group already uses `code`. */
  async codeTaken(ex: Executor, code: string, exceptId?: number): Promise<boolean> {
    const [taken] = await ex
      .select({ id: baseRegionGroup.id })
      .from(baseRegionGroup)
      .where(and(eq(baseRegionGroup.groupCode, code), notDeleted(baseRegionGroup), exceptId ? sql`${baseRegionGroup.id} <> ${exceptId}` : undefined))
      .limit(1);
    return !!taken;
  },

  page(ex: Executor, filter: GroupFilter, page: PageParameter) {
    const where: SQL = and(
      notDeleted(baseRegionGroup),
      filter.groupCode ? containing(baseRegionGroup.groupCode, filter.groupCode) : undefined,
      filter.groupName ? containing(baseRegionGroup.groupName, filter.groupName) : undefined,
    )!;
    return paginate(
      page,
      (limit, offset) => ex.select().from(baseRegionGroup).where(where).orderBy(asc(baseRegionGroup.sort), asc(baseRegionGroup.id)).limit(limit).offset(offset),
      () => countWhere(ex, baseRegionGroup, where),
    );
  },

  /** The live member regions of each group, by code. */
  async membersOf(ex: Executor, groupIds: number[]): Promise<Map<number, GroupMember[]>> {
    const byGroup = new Map<number, GroupMember[]>(groupIds.map((g) => [g, []]));
    if (!groupIds.length) return byGroup;
    const rows = await ex
      .select({ groupId: baseRegionGroupMember.groupId, regionId: baseRegion.id, regionCode: baseRegion.regionCode, regionName: baseRegion.regionName, regionLevel: baseRegion.regionLevel })
      .from(baseRegionGroupMember)
      .innerJoin(baseRegion, eq(baseRegion.id, baseRegionGroupMember.regionId))
      .where(and(inArray(baseRegionGroupMember.groupId, groupIds), notDeleted(baseRegion)))
      .orderBy(asc(baseRegion.regionCode));
    for (const { groupId, ...member } of rows) byGroup.get(groupId)?.push(member);
    return byGroup;
  },

  async insert(ex: Executor, fields: GroupFields, actor: Actor): Promise<GroupRow> {
    const [row] = await ex.insert(baseRegionGroup).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: GroupFields, actor: Actor) => updateVersioned(ex, baseRegionGroup, id, lockVersion, fields, actor, '区划分组'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, baseRegionGroup, id, lockVersion, actor, '区划分组'),

  /** Makes `regionIds` the group's members. */
  async replaceMembers(ex: Executor, groupId: number, regionIds: number[]): Promise<void> {
    await ex.delete(baseRegionGroupMember).where(eq(baseRegionGroupMember.groupId, groupId));
    if (regionIds.length) await ex.insert(baseRegionGroupMember).values(regionIds.map((regionId) => ({ groupId, regionId })));
  },
};
