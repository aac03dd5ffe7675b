import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/helpers/testApp';
import { withTransaction } from './transaction';
import { recordOperation, redactForLog } from './audit';
import { sysOperLog } from './audit';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.app.close();
});

describe('redactForLog', () => {
  it('drops secrets at any depth and writes dates as ISO text', () => {
    const when = new Date('2026-11-22T08:00:00Z');
    expect(redactForLog({ username: 'a', passwordHash: 'x', nested: { apiToken: 't', keep: 1 }, list: [{ secret: 's', ok: true }], at: when })).toEqual({
      username: 'a',
      nested: { keep: 1 },
      list: [{ ok: true }],
      at: '2026-11-22T08:00:00.000Z',
    });
    expect(redactForLog(undefined)).toBeNull();
  });
});

describe('recordOperation', () => {
  it('stores who changed what with before and after, secrets removed', async () => {
    await recordOperation(ctx.database.db, {
      module: 'system:org', action: 'UPDATE', entityId: 7, summary: '修改机构「财务处」',
      before: { orgName: '财务科', passwordHash: 'no' }, after: { orgName: '财务处' }, actor: { id: 1, name: 'admin' }, ip: '10.0.0.1', requestId: 'req-1',
    });
    const [row] = await ctx.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.id)).limit(1);
    expect(row).toMatchObject({ module: 'system:org', action: 'UPDATE', entityId: '7', userId: 1, username: 'admin', ip: '10.0.0.1', requestId: 'req-1', before: { orgName: '财务科' }, after: { orgName: '财务处' } });
  });

  it('stores the system (the scheduler, id 0) as no user, as ids in answers are positive', async () => {
    await recordOperation(ctx.database.db, { module: 'award:publicity', action: 'OPEN', entityId: 3, summary: '开始公示', actor: { id: 0, name: 'system' } });
    const [row] = await ctx.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.id)).limit(1);
    expect(row).toMatchObject({ module: 'award:publicity', userId: null, username: 'system' });
  });

  it('is part of the change’s transaction: a rolled-back change leaves no row', async () => {
    const count = async () => (await ctx.database.db.select().from(sysOperLog)).length;
    const before = await count();
    await expect(
      withTransaction(ctx.database.db, async (tx) => {
        await recordOperation(tx, { module: 'system:org', action: 'DELETE', summary: '删除机构', actor: null });
        throw new Error('the change itself failed');
      }),
    ).rejects.toThrow('the change itself failed');
    expect(await count()).toBe(before);
  });
});
