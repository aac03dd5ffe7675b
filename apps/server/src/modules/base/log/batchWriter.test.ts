import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../core/db';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { createBatchWriter } from './batchWriter';

/** A table the test creates and drops itself: before it exists, every write fails like a database that is down. */
const probe = pgTable('log_writer_probe', { n: integer('n').notNull() });

let database: Database;
const warnings: string[] = [];
const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) }) as unknown as FastifyBaseLogger;

const stored = async () => {
  const result = (await database.db.execute(sql`select n from log_writer_probe order by n`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows.map((r) => Number(r.n));
};

beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  await database.db.execute(sql`drop table if exists log_writer_probe`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists log_writer_probe`);
});

describe('batch writer', () => {
  it('keeps rows in memory while the database refuses them, bounded, counting and reporting what it drops; writes them once it is back', async () => {
    const batches: number[] = [];
    const writer = createBatchWriter<{ n: number }>({
      name: '测试日志',
      log,
      batchSize: 3,
      intervalMs: 60_000,
      maxBuffered: 5,
      insert: async (rows) => {
        batches.push(rows.length);
        await database.db.insert(probe).values(rows);
      },
    });
    for (let n = 1; n <= 7; n++) writer.push({ n });
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 5, written: 0, dropped: 2, failedBatches: expect.any(Number) });
    expect(writer.stats().lastError).toMatch(/log_writer_probe/);
    expect(warnings.some((w) => w.startsWith('写入测试日志失败'))).toBe(true);

    await database.db.execute(sql`create table log_writer_probe (n integer not null)`);
    await writer.close();
    expect(await stored()).toEqual([1, 2, 3, 4, 5]);
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 5, dropped: 2 });
    // Written in batches of at most three rows.
    expect(batches.every((size) => size <= 3)).toBe(true);
    expect(warnings).toContain('日志缓冲已满，丢弃了 2 条测试日志');
  });

  it('writes a full batch on its own, without waiting for the interval, and the rest on flush', async () => {
    await database.db.execute(sql`delete from log_writer_probe`);
    const writer = createBatchWriter<{ n: number }>({ name: '测试日志', log, batchSize: 4, intervalMs: 60_000, insert: (rows) => database.db.insert(probe).values(rows) });
    for (let n = 1; n <= 3; n++) writer.push({ n });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await stored()).toEqual([]);
    writer.push({ n: 4 });
    await vi.waitFor(async () => expect(await stored()).toEqual([1, 2, 3, 4]));
    writer.push({ n: 5 });
    expect(writer.stats().buffered).toBe(1);
    await writer.close();
    expect(await stored()).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes on the interval when fewer rows than a batch are waiting', async () => {
    await database.db.execute(sql`delete from log_writer_probe`);
    const writer = createBatchWriter<{ n: number }>({ name: '测试日志', log, batchSize: 100, intervalMs: 50, insert: (rows) => database.db.insert(probe).values(rows) });
    writer.push({ n: 9 });
    await vi.waitFor(async () => expect(await stored()).toEqual([9]), { timeout: 5_000 });
    await writer.close();
  });

  it('leaves rows that arrive while a batch is written for a full batch or the interval, not a trickle of small ones', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const writer = createBatchWriter<{ n: number }>({
      name: '测试日志',
      log,
      batchSize: 4,
      intervalMs: 60_000,
      insert: async (rows) => {
        batches.push(rows.map((r) => r.n));
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    for (let n = 1; n <= 4; n++) writer.push({ n });
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    // Two calls answered while the first batch is being written.
    writer.push({ n: 5 });
    writer.push({ n: 6 });
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(writer.stats()).toMatchObject({ buffered: 2, written: 4 });
    writer.push({ n: 7 });
    writer.push({ n: 8 });
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    release();
    const closed = writer.close();
    await vi.waitFor(() => expect(writer.stats().written).toBe(8));
    await closed;
    expect(batches).toEqual([[1, 2, 3, 4], [5, 6, 7, 8]]);
  });
});
