import { createLoginLogRepo } from '../../auth/loginLog/repo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { sysLoginLog } from '../../../db/schema';
import { DEFAULT_LOG_RETENTION_DAYS } from '@dandelion/shared/base/log';
import { purgeLogs } from './retention';
import { sysAccessLog, sysRestLog } from './tables';
import { sysOperLog } from '../../../core/audit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

const count = async (table: string) => {
  const result = (await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]!.n);
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('purgeLogs', () => {
  it('deletes rows of all four logs older than the retention, in chunks, and keeps the rest', async () => {
    const db = ctx.database.db;
    await ctx.app.logWriters.flush();
    const before = { rest: await count('sys_rest_log'), oper: await count('sys_oper_log'), login: await count('sys_login_log'), access: await count('sys_access_log') };
    // More old interface rows than one chunk holds.
    await db.execute(sql`
      insert into sys_rest_log (method, path, status, duration_ms, create_time)
      select 'POST', '/rest/old', 200, 1, now() - interval '200 days' - make_interval(secs => g) from generate_series(1, 5003) g`);
    await db.insert(sysRestLog).values({ method: 'POST', path: '/rest/recent', status: 200, durationMs: 1, createTime: daysAgo(179) });
    await db.insert(sysOperLog).values([
      { module: 'system:post', action: 'CREATE', summary: '旧', createTime: daysAgo(181) },
      { module: 'system:post', action: 'CREATE', summary: '新', createTime: daysAgo(1) },
    ]);
    await db.insert(sysLoginLog).values([
      { loginName: 'old', loginType: 'ACCOUNT', ip: '1.1.1.1', success: true, createTime: daysAgo(400) },
      { loginName: 'new', loginType: 'ACCOUNT', ip: '1.1.1.1', success: true, createTime: daysAgo(2) },
    ]);
    await db.insert(sysAccessLog).values([
      { client: 'PORTAL', path: '/', createTime: daysAgo(181) },
      { client: 'PORTAL', path: '/', createTime: daysAgo(3) },
    ]);

    expect(DEFAULT_LOG_RETENTION_DAYS).toBe(180);
    expect(await purgeLogs(db, DEFAULT_LOG_RETENTION_DAYS, createLoginLogRepo(db).purgeBefore)).toEqual({ restLogs: 5003, operLogs: 1, loginLogs: 1, accessLogs: 1 });
    expect(await count('sys_rest_log')).toBe(before.rest + 1);
    expect(await count('sys_oper_log')).toBe(before.oper + 1);
    expect(await count('sys_login_log')).toBe(before.login + 1);
    expect(await count('sys_access_log')).toBe(before.access + 1);
    expect(await purgeLogs(db, DEFAULT_LOG_RETENTION_DAYS, createLoginLogRepo(db).purgeBefore)).toEqual({ restLogs: 0, operLogs: 0, loginLogs: 0, accessLogs: 0 });
  });
});
