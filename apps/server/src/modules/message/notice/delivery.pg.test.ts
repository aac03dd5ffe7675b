import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysUser } from '../../system/user/tables';
import { addNotice, createPerson, noticeOf, signInAdmin, type Person } from '../../../../test/kits/messageTestKit';
import { sysNoticeReceiver } from './tables';

/*
 * PostgreSQL only: real concurrency. Syncs and users' own polls deliver the same notice at the same
 * moment on different connections; each user still has exactly one copy, and nobody gets an error.
 */

let ctx: TestContext;
let admin: Record<string, string>;
const readers: Person[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAdmin(ctx);
  for (let i = 0; i < 6; i++) readers.push(await createPerson(ctx, `racer${i}`, { roleCodes: ['APPLICANT'] }));
});
afterAll(async () => {
  await ctx.app.close();
});

describe('concurrent delivery', () => {
  it('never duplicates a copy when syncs and polls race', async () => {
    const notice = await addNotice(ctx, admin, { ...noticeOf('并发投递'), release: true });
    // Users joining after the release: only a sync or their own poll delivers to them.
    const late: Person[] = [];
    for (let i = 0; i < 4; i++) late.push(await createPerson(ctx, `late${i}`, { roleCodes: ['APPLICANT'] }));
    const calls = [
      ...Array.from({ length: 4 }, () => post(ctx.app, '/rest/noticeService/SyncNoticeByIds', { ids: [notice.noticeId] }, admin)),
      ...[...readers, ...late].flatMap((p) => [post(ctx.app, '/rest/noticeService/getHeaderNotice', {}, p.headers), post(ctx.app, '/rest/noticeService/getNoticeByUserPage', {}, p.headers)]),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const users = await ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.delFlag, 0));
    const copies = await ctx.database.db.select().from(sysNoticeReceiver).where(eq(sysNoticeReceiver.noticeId, Number(notice.noticeId)));
    expect(copies).toHaveLength(users.length);
    expect(new Set(copies.map((c) => c.userId)).size).toBe(users.length);
    const delivered = answers.slice(0, 4).reduce((n, a) => n + (a.body.data.delivered as number), 0);
    expect(delivered).toBeLessThanOrEqual(late.length);
  });
});
