import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db';

/**
 * The embedded database's client leaves Drizzle's per-statement parsers out (pgliteClient.ts). What Drizzle
 * reads must not change: every type it keeps as text, and the rest as PGlite parses it, in both row modes,
 * in and out of transactions.
 */
let database: Database;
let forDrizzle: PGlite;
let instance: PGlite;
/** Drizzle's own options for a statement: rows as arrays (selects), and as objects (execute). */
let drizzleOptions: { queryConfig: QueryOptions; rawQueryConfig: QueryOptions };

const EVERY_TYPE = `select
  '2026-11-27 21:05:06.123456'::timestamp as ts, '2026-11-27 21:05:06.123456+08'::timestamptz as tstz,
  interval '1 day 02:03:04.5' as iv, '2026-02-28'::date as d,
  array['1.5', '2']::numeric[] as nums, array['2026-11-27 21:05:06.1'::timestamp] as tss,
  array['2026-11-27 21:05:06.1+00'::timestamptz, null] as tstzs, array[interval '1 hour'] as ivs, array['2026-01-01'::date] as ds,
  1.25::numeric as n, 9007199254740993::int8 as big, '{"a": [1, "二"]}'::jsonb as j, array[1, 2]::int[] as ints, true as b, 'é"\\'::text as t`;

beforeAll(async () => {
  // Its own embedded database, whichever engine the other tests run on: this is about PGlite's client.
  database = await openDatabase({ kind: 'pglite' });
  forDrizzle = (database.db as unknown as { $client: PGlite }).$client;
  instance = Object.getPrototypeOf(forDrizzle) as PGlite;
  const session = (database.db as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => typeof drizzleOptions } } })._.session;
  drizzleOptions = session.prepareQuery({ sql: 'select 1', params: [] }, undefined, '', false);
});

afterAll(() => database.close());

describe('the embedded database client Drizzle talks to', () => {
  it('reads every type as Drizzle’s own parsers read it, as arrays and as objects', async () => {
    for (const options of [drizzleOptions.queryConfig, drizzleOptions.rawQueryConfig]) {
      expect(options.parsers, 'Drizzle still sends parsers with each statement').toBeDefined();
      const asDrizzleAsked = await instance.query(EVERY_TYPE, [], options);
      const throughClient = await forDrizzle.query(EVERY_TYPE, [], options);
      expect(throughClient.rows).toEqual(asDrizzleAsked.rows);
      expect(throughClient.fields).toEqual(asDrizzleAsked.fields);
    }
    const [row] = (await forDrizzle.query<Record<string, unknown>>(EVERY_TYPE, [], drizzleOptions.rawQueryConfig)).rows;
    expect(row).toMatchObject({ ts: '2026-11-27 21:05:06.123456', iv: '1 day 02:03:04.5', d: '2026-02-28', nums: '{1.5,2}', ds: '{2026-01-01}', big: 9007199254740993n, j: { a: [1, '二'] }, ints: [1, 2], b: true });
  });

  it('reads the same inside a transaction', async () => {
    const asDrizzleAsked = await instance.query(EVERY_TYPE, [], drizzleOptions.queryConfig);
    const inTransaction = await forDrizzle.transaction((tx) => tx.query(EVERY_TYPE, [], drizzleOptions.queryConfig));
    expect(inTransaction.rows).toEqual(asDrizzleAsked.rows);
  });

  it('sends Drizzle’s parsers on when the instance no longer reads one of their types as text', async () => {
    const own = instance.parsers[1115]!;
    instance.parsers[1115] = (value: string) => value.slice(1, -1).split(',');
    try {
      const [viaClient] = (await forDrizzle.query<unknown[]>(`select array['2026-11-27 21:05:06'::timestamp] as tss`, [], drizzleOptions.queryConfig)).rows;
      expect(viaClient).toEqual(['{"2026-11-27 21:05:06"}']);
    } finally {
      instance.parsers[1115] = own;
    }
  });

  it('leaves statements without parsers as they are', async () => {
    const { rows } = await forDrizzle.query<{ tss: unknown; tstz: unknown }>(`select array['2026-11-27 21:05:06'::timestamp] as tss, '2026-11-27 21:05:06+00'::timestamptz as tstz`);
    expect(rows[0]).toEqual({ tss: '{"2026-11-27 21:05:06"}', tstz: '2026-11-27 21:05:06+00' });
  });
});
