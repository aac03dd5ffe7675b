import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, like, sql } from 'drizzle-orm';
import { testDatabase } from '../../../../../test/helpers/testDatabase';
import { isEmbedded, type Database, type Db } from '../../../../core/db';
import { sysRestLog } from '../tables';
import { insertRestLogRows } from './insertRows';
import { restLogRepo, type RestLogRow } from './repo';

// Rows of their own (a path prefix no route has), removed afterwards: the shared test database keeps the rest.
const PREFIX = '/insert-rows-probe/';
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(async () => {
  await db.delete(sysRestLog).where(like(sysRestLog.path, `${PREFIX}%`));
});

const at = new Date('2026-11-27T03:04:05.678Z');
const answer = JSON.stringify({ code: '0000', success: true, msg: '操作成功', data: { list: [{ id: '1', title: '标题 "引号" \\ 反斜杠' }], total: 1 }, attributes: {} });
const rowsOf = (tag: string): RestLogRow[] => [
  {
    method: 'POST', path: `${PREFIX}${tag}/full`, route: '/rest/content/getContentPage', query: 'a=1&b=%E4%B8%AD', status: 200, code: '0000', durationMs: 12,
    userId: 9_007_199_254_740_991, username: 'admin', ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux)', requestId: 'req-1',
    requestBody: '{"pageParameter":{"pageNum":1,"pageSize":10}}', responseBody: answer, createTime: at,
  },
  { method: 'GET', path: `${PREFIX}${tag}/nulls`, route: null, query: null, status: 404, code: null, durationMs: 0, userId: null, username: null, ip: null, userAgent: null, requestId: null, requestBody: null, responseBody: null, createTime: at },
  // A text cut inside an emoji (a lone surrogate) and NULs: PostgreSQL cannot hold them; both paths store U+FFFD.
  {
    method: 'PUT', path: `${PREFIX}${tag}/unstorable`, route: null, query: null, status: 500, code: '500', durationMs: 3, userId: 1, username: `截断${'😀'.slice(0, 1)}`,
    ip: null, userAgent: `a\u0000b`, requestId: null, requestBody: `x${'😀'.slice(1)}y\u0000${'😀'.slice(0, 1)}`, responseBody: '[无法解析的 JSON 内容，未记录]', createTime: at,
  },
  // No time: the database's now(), as the column's default.
  { method: 'DELETE', path: `${PREFIX}${tag}/no-time`, status: 204, durationMs: 1 },
];

const stored = async (tag: string) =>
  (await db.select().from(sysRestLog).where(like(sysRestLog.path, `${PREFIX}${tag}/%`)).orderBy(asc(sysRestLog.id))).map(({ id: _id, path, createTime, ...rest }) => ({
    ...rest,
    path: path.slice(`${PREFIX}${tag}`.length),
    createTime: createTime.getTime() === at.getTime() ? 'given' : 'now',
  }));

describe('interface-log rows as parameters', () => {
  it('stores the same rows as the JSON batch did (the previous writer), in order', async () => {
    await restLogRepo.insertMany(db, rowsOf('json'));
    await insertRestLogRows(db, rowsOf('params'));
    const before = await stored('json');
    const after = await stored('params');
    expect(after).toEqual(before);
    expect(after).toHaveLength(4);
    expect(after[2]).toMatchObject({ username: '截断\uFFFD', userAgent: 'a\uFFFDb', requestBody: 'x\uFFFDy\uFFFD\uFFFD' });
    expect(after[0]).toMatchObject({ responseBody: answer, userId: 9_007_199_254_740_991, createTime: 'given' });
    expect(after[3]).toMatchObject({ createTime: 'now', route: null });
  });

  it('writes a batch larger than one statement takes in several', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ method: 'GET', path: `${PREFIX}split/${i}`, status: 200, durationMs: i, createTime: at }));
    const { insertRowsAsParams } = await import('../../../../core/sql');
    await insertRowsAsParams(db, 'sys_rest_log', ['method', 'path', 'status', 'duration_ms', 'create_time'], many.map((r) => [r.method, r.path, r.status, r.durationMs, r.createTime]), { maxRows: 3 });
    expect((await stored('split')).map((r) => r.durationMs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('knows the embedded database (whose batches are kept small) from PostgreSQL', () => {
    expect(isEmbedded(db)).toBe(database.kind === 'pglite');
  });

  it('compresses stored answers with lz4 where the database has it (migration 0038), pglz on the embedded one', async () => {
    const result = await db.execute(sql`
      select a.attcompression as compression,
             exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any (enumvals)) as lz4
      from pg_attribute a where a.attrelid = 'sys_rest_log'::regclass and a.attname = 'response_body'`);
    const { rows } = result as unknown as { rows: Array<{ compression: string; lz4: boolean }> };
    if (database.kind === 'pglite') expect(rows[0]!.lz4).toBe(false);
    expect(rows[0]!.compression).toBe(rows[0]!.lz4 ? 'l' : '');
  });
});
