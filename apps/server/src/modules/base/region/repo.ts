import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { baseRegion } from './tables';
import { likePattern } from '../../../core/sql';

export type RegionRow = typeof baseRegion.$inferSelect;

/** `text` as an ILIKE pattern matching it literally anywhere. */

// Written qualified: Drizzle renders a column of a single-table select unqualified, which inside the
// subquery would name the child's own id.
const hasChildren = sql<boolean>`exists (select 1 from base_region c where c.parent_id = "base_region"."id" and c.del_flag = 0)`;

export async function findLive(ex: Executor, id: number): Promise<RegionRow> {
  const [row] = await ex.select().from(baseRegion).where(and(eq(baseRegion.id, id), notDeleted(baseRegion))).limit(1);
  if (!row) throw errors.notFound('行政区划');
  return row;
}

export async function findByCode(ex: Executor, code: string): Promise<RegionRow | undefined> {
  const [row] = await ex.select().from(baseRegion).where(and(eq(baseRegion.regionCode, code), notDeleted(baseRegion))).limit(1);
  return row;
}

/** Live children of `parentId` (null: the provinces), in display order, each saying whether it has children. */
export async function childrenOf(ex: Executor, parentId: number | null) {
  return ex
    .select({ region: baseRegion, hasChildren })
    .from(baseRegion)
    .where(and(parentId === null ? isNull(baseRegion.parentId) : eq(baseRegion.parentId, parentId), notDeleted(baseRegion)))
    .orderBy(asc(baseRegion.sort), asc(baseRegion.regionCode));
}

export async function childCount(ex: Executor, id: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(baseRegion).where(and(eq(baseRegion.parentId, id), notDeleted(baseRegion)));
  return Number(row!.n);
}

/** The region and its ancestors, the top first. */
export async function pathOf(ex: Executor, id: number): Promise<RegionRow[]> {
  const result = await ex.execute<{ id: string | number }>(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from base_region where id = ${id} and del_flag = 0
      union all
      select p.id, p.parent_id, up.depth + 1 from base_region p join up on p.id = up.parent_id where p.del_flag = 0 and up.depth < 10
    )
    select id from up order by depth desc`);
  const ids = (result as unknown as { rows: Array<{ id: string | number }> }).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  const rows = await ex.select().from(baseRegion).where(sql`${baseRegion.id} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((i) => byId.get(i)!).filter(Boolean);
}

/** How many levels lie below the region (0 for a leaf). */
export async function subtreeDepth(ex: Executor, id: number): Promise<number> {
  const result = await ex.execute<{ depth: number }>(sql`
    with recursive down(id, depth) as (
      select id, 0 from base_region where id = ${id}
      union all
      select c.id, down.depth + 1 from base_region c join down on c.parent_id = down.id where c.del_flag = 0 and down.depth < 10
    )
    select max(depth)::int as depth from down`);
  return Number((result as unknown as { rows: Array<{ depth: number }> }).rows[0]?.depth ?? 0);
}

/** Shifts the level of every live descendant of `id` by `delta` (a moved subtree). */
export async function shiftDescendantLevels(ex: Executor, id: number, delta: number) {
  if (delta === 0) return;
  await ex.execute(sql`
    with recursive down(id, depth) as (
      select c.id, 1 from base_region c where c.parent_id = ${id} and c.del_flag = 0
      union all
      select c.id, down.depth + 1 from base_region c join down on c.parent_id = down.id where c.del_flag = 0 and down.depth < 10
    )
    update base_region set region_level = region_level + ${delta} where id in (select id from down)`);
}

/** Regions whose name or code contains `keyword`, with up to four ancestors' names for the path. */
export function searchQuery(ex: Executor, keyword: string) {
  const pattern = likePattern(keyword);
  const p1 = alias(baseRegion, 'p1');
  const p2 = alias(baseRegion, 'p2');
  const p3 = alias(baseRegion, 'p3');
  const p4 = alias(baseRegion, 'p4');
  const where: SQL = and(notDeleted(baseRegion), or(ilike(baseRegion.regionName, pattern), ilike(baseRegion.regionCode, pattern)))!;
  const rows = (limit: number, offset: number) =>
    ex
      .select({
        region: baseRegion, hasChildren,
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
      .offset(offset);
  const total = async () => (await ex.select({ n: count() }).from(baseRegion).where(where))[0]!.n;
  return { rows, total };
}
