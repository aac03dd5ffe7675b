import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabase } from '../../test/helpers/testDatabase';
import type { Db } from './db';
import { jsonRecords, storableJson } from './sql';

// A table of its own (not a product table): the shared test database resets only what it seeds.
let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
  await db.execute(sql`drop table if exists json_records_probe`);
  await db.execute(sql`create table json_records_probe (id serial primary key, label text, n integer, doc jsonb, at timestamptz)`);
});
afterAll(async () => {
  await db.execute(sql`drop table if exists json_records_probe`);
});

describe('jsonRecords: many rows in one INSERT as one JSON parameter', () => {
  it('stores every row in order, with nulls, nested JSON and times; text PostgreSQL cannot hold becomes U+FFFD', async () => {
    const at = new Date('2026-11-24T03:00:00.123Z');
    const rows = [
      { label: '申报书', n: 1, doc: { values: ['SB-0001'], nested: { ok: true } }, at },
      { label: null, n: null, doc: null, at: null },
      // A string cut inside an emoji (a lone surrogate) and a NUL: the driver would write the first as U+FFFD and refuse the second.
      { label: `截断${'😀'.slice(0, 1)}|a\u0000b`, n: 3, doc: { s: 'x\u0000' }, at },
    ];
    await db.execute(sql`insert into json_records_probe (label, n, doc, at) select label, n, doc, at from ${jsonRecords(rows, sql`label text, n integer, doc jsonb, at timestamptz`)}`);
    const { rows: stored } = (await db.execute(sql`select label, n, doc, at from json_records_probe order by id`)) as unknown as {
      rows: Array<{ label: string | null; n: number | null; doc: unknown; at: Date | string | null }>;
    };
    expect(stored.map((r) => ({ ...r, at: r.at === null ? null : new Date(r.at).toISOString() }))).toEqual([
      { label: '申报书', n: 1, doc: { values: ['SB-0001'], nested: { ok: true } }, at: at.toISOString() },
      { label: null, n: null, doc: null, at: null },
      { label: '截断\uFFFD|a\uFFFDb', n: 3, doc: { s: 'x\uFFFD' }, at: at.toISOString() },
    ]);
  });
});

describe('storableJson', () => {
  // What the rows were written as before: JSON.stringify with a replacer on every string.
  // eslint-disable-next-line no-control-regex -- NUL is what the replacer replaced
  const UNSTORABLE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g;
  const withReplacer = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'string' ? x.replace(UNSTORABLE, '\uFFFD') : x));

  it('answers what a replacer on every string would, plain text or not', () => {
    const cases: unknown[] = [
      [{ a: '申报书', n: 1, at: new Date('2026-11-24T03:00:00Z'), nested: { list: ['x', null, true] } }],
      [{ emoji: '😀 paired surrogates are fine', tab: 'a\tb\nc', quote: 'say "hi" \\ back' }],
      [{ literal: 'C:\\users\\u0000 is text, not an escape' }],
      [{ nul: 'a\u0000b', lone: `x${'😀'.slice(0, 1)}y`, low: `${'😀'.slice(1)}z`, control: '\u0001' }],
      [],
    ];
    for (const value of cases) expect(storableJson(value)).toBe(withReplacer(value));
    expect(storableJson([{ nul: 'a\u0000b' }])).toBe('[{"nul":"a\uFFFDb"}]');
  });
});
