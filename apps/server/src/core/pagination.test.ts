import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt, lte, sql } from 'drizzle-orm';
import { integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { testDatabase } from '../../test/helpers/testDatabase';
import type { Db } from './db';
import { EXACT_COUNT_LIMIT, countOrEstimate, paginate } from './pagination';

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
