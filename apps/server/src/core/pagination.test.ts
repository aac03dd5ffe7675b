import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt, ilike, lte, sql } from 'drizzle-orm';
import { integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { testDatabase } from '../../test/helpers/testDatabase';
import type { Db } from './db';
import { countUpTo } from './listing';
import { EXACT_COUNT_LIMIT, MAX_DISTINCT_VALUES, TRUSTED_ESTIMATE, containingByValues, countOrEstimate, distinctValues, distinctValuesContaining, paginate } from './pagination';
import { containing, likePattern } from './sql';

// A table of its own (not a product table): the shared test database resets only what it seeds.
const probe = pgTable('pagination_probe', { n: integer('n').notNull(), flag: smallint('flag').notNull() });
const ROWS = EXACT_COUNT_LIMIT + 2_000;

let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
  await db.execute(sql`drop table if exists pagination_probe`);
  await db.execute(sql`create table pagination_probe (n integer not null, flag smallint not null)`);
  await db.execute(sql.raw(`insert into pagination_probe select g, g % 2 from generate_series(1, ${ROWS}) g`));
  await db.execute(sql`analyze pagination_probe`);
});
afterAll(async () => {
  await db.execute(sql`drop table if exists pagination_probe`);
});

describe('countOrEstimate: exact up to the limit, the estimate beyond', () => {
  it('counts exactly when at most EXACT_COUNT_LIMIT rows match', async () => {
    expect(await countOrEstimate(db, probe, lte(probe.n, 1234))).toEqual({ total: 1234, totalEstimated: false });
    expect(await countOrEstimate(db, probe, lte(probe.n, EXACT_COUNT_LIMIT))).toEqual({ total: EXACT_COUNT_LIMIT, totalEstimated: false });
    expect(await countOrEstimate(db, probe, gt(probe.n, ROWS))).toEqual({ total: 0, totalEstimated: false });
  });

  it('answers the planner estimate, flagged, when more match — never below what was counted', async () => {
    const all = await countOrEstimate(db, probe, undefined);
    expect(all.totalEstimated).toBe(true);
    // ANALYZE saw every row of a small table: the estimate is the row count.
    expect(all.total).toBe(ROWS);
    const half = await countOrEstimate(db, probe, gt(probe.n, 1_000));
    expect(half.totalEstimated).toBe(true);
    expect(half.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(half.total).toBeLessThanOrEqual(ROWS);
  });

  it('takes an estimate of TRUSTED_ESTIMATE rows or more without counting; log lists read it as "more than the cap"', async () => {
    await db.execute(sql.raw(`insert into pagination_probe select g, 2 from generate_series(${ROWS + 1}, ${TRUSTED_ESTIMATE + ROWS}) g`));
    await db.execute(sql`analyze pagination_probe`);
    const all = await countOrEstimate(db, probe, undefined);
    expect(all.totalEstimated).toBe(true);
    expect(all.total).toBeGreaterThanOrEqual(TRUSTED_ESTIMATE);
    expect(await countUpTo(db, probe, undefined, EXACT_COUNT_LIMIT + 1)).toBe(EXACT_COUNT_LIMIT + 1);
    // A filter the planner expects to be narrow is still counted exactly.
    expect(await countOrEstimate(db, probe, lte(probe.n, 1234))).toEqual({ total: 1234, totalEstimated: false });
    expect(await countUpTo(db, probe, lte(probe.n, 1234), EXACT_COUNT_LIMIT + 1)).toBe(1234);
    await db.execute(sql`delete from pagination_probe where flag = 2`);
    await db.execute(sql`analyze pagination_probe`);
  });

  it('paginate passes the estimate flag on with the page', async () => {
    const page = await paginate(
      { pageNum: 2, pageSize: 5 },
      (limit, offset) => db.select({ n: probe.n }).from(probe).orderBy(probe.n).limit(limit).offset(offset),
      () => countOrEstimate(db, probe, undefined),
    );
    expect(page).toEqual({ list: [6, 7, 8, 9, 10].map((n) => ({ n })), total: ROWS, totalEstimated: true, pageNum: 2, pageSize: 5 });
    const exact = await paginate({ pageNum: 1, pageSize: 1 }, async () => [], async () => 3);
    expect(exact).toEqual({ list: [], total: 3, pageNum: 1, pageSize: 1 });
  });
});

// Names repeated over many rows, as authors and operators are; with case, wildcards and nulls.
const named = pgTable('pagination_named', { id: integer('id').notNull(), name: varchar('name', { length: 32 }), live: smallint('live').notNull() });
const NAMES = ['王伟', '王伟明', '李娜', 'Zhang Wei', 'zhangwei', '100%完成', 'a_b', 'ab', null];

describe('containingByValues: the matching distinct values instead of a scan, the same rows', () => {
  beforeAll(async () => {
    await db.execute(sql`drop table if exists pagination_named`);
    await db.execute(sql`create table pagination_named (id integer not null, name varchar(32), live smallint not null)`);
    await db.execute(sql`create index pagination_named_idx on pagination_named (name)`);
    const values = Array.from({ length: 400 }, (_, i) => sql`(${i}, ${NAMES[i % NAMES.length]}, ${i % 5 === 0 ? 0 : 1})`);
    await db.execute(sql`insert into pagination_named values ${sql.join(values, sql`, `)}`);
  });
  afterAll(async () => {
    await db.execute(sql`drop table if exists pagination_named`);
  });

  const ids = async (where: ReturnType<typeof sql>) => (await db.select({ id: named.id }).from(named).where(where).orderBy(named.id)).map((r) => r.id);

  it.each(['王伟', '伟', 'zhang', 'WEI', '%', '_', 'a_b', '0%完', 'nobody', ' '])('finds what ILIKE %%%s%% finds', async (text) => {
    expect(await ids(await containingByValues(db, named.name, text))).toEqual(await ids(ilike(named.name, likePattern(text))));
    const live = sql`live = 1`;
    expect(await ids(sql`${await containingByValues(db, named.name, text, { partial: live })} and ${live}`)).toEqual(await ids(sql`${ilike(named.name, likePattern(text))} and ${live}`));
  });

  it.each(['王伟', 'WEI', '0%完', '_'])('walks a varchar_pattern_ops index (an interface path) to the same rows: %s', async (text) => {
    await db.execute(sql`create index if not exists pagination_named_pattern_idx on pagination_named (name varchar_pattern_ops)`);
    expect(await ids(await containingByValues(db, named.name, text, { patternOps: true }))).toEqual(await ids(ilike(named.name, likePattern(text))));
  });

  it('lists every distinct value for a filter on the second column of an index', async () => {
    expect((await distinctValues(db, 'pagination_named', 'name'))?.sort()).toEqual([...new Set(NAMES.filter((n) => n !== null))].sort());
  });

  it.each(['王伟', '伟', '100', '完成', '0%完'])('contains: Han and digits through LIKE, the same rows as ILIKE: %s', async (text) => {
    const caseless = /^[\p{Script=Han}0-9]+$/u.test(text);
    expect(db.select().from(named).where(containing(named.name, text)).toSQL().sql).toContain(caseless ? ' like ' : ' ilike ');
    expect(await ids(containing(named.name, text))).toEqual(await ids(ilike(named.name, likePattern(text))));
  });

  it('looks the values up only while they are few, and the ILIKE answers beyond', async () => {
    expect(await distinctValuesContaining(db, 'pagination_named', 'name', '王伟')).toEqual(['王伟', '王伟明']);
    await db.execute(sql.raw(`insert into pagination_named select 1000 + g, 'n' || g, 1 from generate_series(1, ${MAX_DISTINCT_VALUES}) g`));
    expect(await distinctValuesContaining(db, 'pagination_named', 'name', '王伟')).toBeNull();
    expect(await ids(await containingByValues(db, named.name, 'n99'))).toEqual(await ids(ilike(named.name, '%n99%')));
  });
});
