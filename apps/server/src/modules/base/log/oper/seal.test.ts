import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { recordOperation, sysOperLog } from '../../../../core/audit';
import { signIn } from '../../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../../test/helpers/testDatabase';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
});
afterAll(async () => {
  await ctx.app.close();
});

const VERIFY = '/rest/log/verifyOperLogChain';
/** Rows written now are sealed only once settled: age them so this round seals them. */
const settle = () => ctx.database.db.execute(sql`update sys_oper_log set create_time = create_time - interval '1 minute' where seal_seq is null`);

async function write(n: number, tag: string): Promise<number[]> {
  for (let i = 0; i < n; i++) {
    await recordOperation(ctx.database.db, { module: 'test:seal', action: 'UPDATE', entityId: i, summary: `${tag} ${i}`, before: { b: i, a: [1, { z: 1, y: 2 }] }, after: { a: i }, actor: { id: 1, name: 'admin' } });
  }
  const rows = await ctx.database.db.select({ id: sysOperLog.id }).from(sysOperLog).where(eq(sysOperLog.module, 'test:seal')).orderBy(sysOperLog.id);
  return rows.map((r) => r.id);
}

describe('the sealed operation log', () => {
  it('is refused to a caller without the permission', async () => {
    expect((await post(ctx.app, VERIFY, {})).status).toBe(401);
  });

  it('reports an intact chain, then the first row changed in the database, then a row deleted from the middle', async () => {
    const ids = await write(6, '封存');
    await settle();
    const intact = await post(ctx.app, VERIFY, {}, admin);
    expect(intact.status).toBe(200);
    expect(intact.body.data).toMatchObject({ intact: true, firstBroken: null, unsealed: 0 });
    expect(intact.body.data.checked).toBeGreaterThanOrEqual(6);

    // Someone with database access rewrites what a row says.
    await ctx.database.db.update(sysOperLog).set({ summary: '篡改后的摘要' }).where(eq(sysOperLog.id, ids[2]!));
    const edited = await post(ctx.app, VERIFY, {}, admin);
    expect(edited.body.data).toMatchObject({ intact: false, firstBroken: { logId: String(ids[2]), reason: '记录内容与封存不符（被改动）' } });

    // Put it back: intact again.
    await ctx.database.db.update(sysOperLog).set({ summary: '封存 2' }).where(eq(sysOperLog.id, ids[2]!));
    expect((await post(ctx.app, VERIFY, {}, admin)).body.data.intact).toBe(true);

    // A forger who also rewrites the seal, without the key: the seal does not match, and the next row no longer follows.
    const [original] = await ctx.database.db.select({ hash: sysOperLog.sealHash }).from(sysOperLog).where(eq(sysOperLog.id, ids[1]!));
    await ctx.database.db.update(sysOperLog).set({ summary: '伪造', sealHash: 'f'.repeat(64) }).where(eq(sysOperLog.id, ids[1]!));
    expect((await post(ctx.app, VERIFY, {}, admin)).body.data.firstBroken).toMatchObject({ logId: String(ids[1]), reason: '记录内容与封存不符（被改动）' });
    await ctx.database.db.update(sysOperLog).set({ summary: '封存 1', sealHash: original!.hash }).where(eq(sysOperLog.id, ids[1]!));
    expect((await post(ctx.app, VERIFY, {}, admin)).body.data.intact).toBe(true);

    // A row deleted from the middle.
    await ctx.database.db.delete(sysOperLog).where(eq(sysOperLog.id, ids[3]!));
    const deleted = await post(ctx.app, VERIFY, {}, admin);
    expect(deleted.body.data.intact).toBe(false);
    expect(deleted.body.data.firstBroken.logId).toBe(String(ids[4]));
    expect(deleted.body.data.firstBroken.reason).toMatch(/^缺少封存序号 \d+ 至 \d+ 的记录（被删除）$/);
  });
});
