import { areaList } from '@vant/area-data';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';

interface RegionSeedRow {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  parent: string | null;
  sort: number;
}

/**
 * China's provinces, cities and counties from @vant/area-data (six-digit administrative codes):
 * a city's province is its first two digits + 0000, a county's city its first four + 00.
 */
export function chinaRegions(): RegionSeedRow[] {
  const rows: RegionSeedRow[] = [];
  const sortWithin = new Map<string, number>();
  const add = (code: string, name: string, level: 1 | 2 | 3, parent: string | null) => {
    const key = parent ?? '';
    const sort = (sortWithin.get(key) ?? 0) + 1;
    sortWithin.set(key, sort);
    rows.push({ code, name, level, parent, sort });
  };
  for (const [code, name] of Object.entries(areaList.province_list)) add(code, name, 1, null);
  for (const [code, name] of Object.entries(areaList.city_list)) add(code, name, 2, `${code.slice(0, 2)}0000`);
  for (const [code, name] of Object.entries(areaList.county_list)) add(code, name, 3, `${code.slice(0, 4)}00`);
  return rows;
}

let cachedJson: string | null = null;

/**
 * Seeds the regions in two set-based statements (every test file re-seeds, so this must be cheap):
 * one INSERT of every missing code from a JSON array, one UPDATE linking parents by code.
 * A code that exists at all (even deleted by an administrator) is left alone, so edits and
 * deletions survive restarts. Answers how many regions were inserted.
 */
export async function seedRegions(db: Executor): Promise<number> {
  cachedJson ??= JSON.stringify(chinaRegions());
  const inserted = await db.execute(sql`
    with added as (
      insert into base_region (region_code, region_name, region_level, sort, create_by, update_by)
      select s.code, s.name, s.level, s.sort, 'system', 'system'
      from jsonb_to_recordset(${cachedJson}::jsonb) as s(code varchar, name varchar, level int, parent varchar, sort int)
      where not exists (select 1 from base_region r where r.region_code = s.code)
      order by s.level, s.code
      returning 1)
    select count(*)::int as n from added`);
  const count = Number((inserted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  if (count === 0) return 0;
  await db.execute(sql`
    update base_region c set parent_id = p.id
    from jsonb_to_recordset(${cachedJson}::jsonb) as s(code varchar, parent varchar)
    join base_region p on p.region_code = s.parent and p.del_flag = 0
    where c.region_code = s.code and c.parent_id is null and c.del_flag = 0 and s.parent is not null`);
  return count;
}
