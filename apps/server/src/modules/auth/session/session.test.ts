import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createMemoryBus } from '../../../core/bus';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { sysSession } from './tables';
import { sha256Hex } from '../../../core/token';

const bus = createMemoryBus();
let ctx: TestContext;
/** A second instance on the same database and bus, as behind a load balancer. */
let other: DandelionApp;
let userId: number;

beforeAll(async () => {
  ctx = await createTestApp({ bus });
  other = await buildApp({ config: testConfig, database: ctx.database, bus, serveWeb: false });
  await other.ready();
  userId = (await createAccount(ctx.database, { username: 'lisi', password: 'Lisi@2026', roleCodes: ['APPLICANT'] })).id;
});
afterAll(async () => {
  await other.close();
  await ctx.app.close();
});

const me = (app: DandelionApp, token: string) => get(app, '/api/user/info', { authorization: token });

describe('sessions', () => {
  it('answers 401 with the spec message without a token, or with an unknown one', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer not-a-real-token-1234567890' }, { authorization: '<script>' }];
    for (const headers of attempts) {
      const res = await get(ctx.app, '/api/user/info', headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: '401', success: false, msg: '未授权，请重新登录', data: null, attributes: {} });
    }
  });

  it('stores only the hash of a token, with a 7-day life', async () => {
    const token = await signIn(ctx.app, 'lisi', 'Lisi@2026');
    const rows = await ctx.database.db.select().from(sysSession).where(eq(sysSession.tokenHash, sha256Hex(token)));
    expect(rows).toHaveLength(1);
    const life = rows[0]!.expiresAt.getTime() - rows[0]!.createTime.getTime();
    expect(Math.abs(life - 604_800_000)).toBeLessThan(5_000);
    expect(JSON.stringify(await ctx.database.db.select().from(sysSession))).not.toContain(token);
  });

  it('an expired session is refused', async () => {
    const token = await signIn(ctx.app, 'lisi', 'Lisi@2026');
    await ctx.database.db.update(sysSession).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysSession.tokenHash, sha256Hex(token)));
    expect((await me(other, token)).status).toBe(401);
  });

  it('sign-out revokes the token at once on every instance, even one that had it cached', async () => {
    const token = await signIn(ctx.app, 'lisi', 'Lisi@2026');
    expect((await me(other, token)).status).toBe(200); // now cached by the other instance
    const out = await post(ctx.app, '/logout?client_name=form_client', {}, { authorization: token });
    expect(out.body).toMatchObject({ code: '0000', msg: '已退出登录', data: { casLogoutUrl: null } });
    expect((await me(other, token)).status).toBe(401);
    expect((await me(ctx.app, token)).status).toBe(401);
    // Signing out again is harmless.
    expect((await post(ctx.app, '/logout?client_name=form_client', {}, { authorization: token })).status).toBe(200);
  });

  it('revoking all of a user’s sessions ends every device, optionally keeping the current one', async () => {
    const phone = await signIn(ctx.app, 'lisi', 'Lisi@2026');
    const laptop = await signIn(other, 'lisi', 'Lisi@2026');
    const tablet = await signIn(other, 'lisi', 'Lisi@2026');
    for (const t of [phone, laptop, tablet]) expect((await me(other, t)).status).toBe(200);
    const keep = (await ctx.database.db.select().from(sysSession).where(eq(sysSession.tokenHash, sha256Hex(tablet))))[0]!.id;
    expect(await ctx.app.services.sessions.revokeAllForUser(userId, keep)).toBeGreaterThanOrEqual(2);
    expect((await me(other, phone)).status).toBe(401);
    expect((await me(ctx.app, laptop)).status).toBe(401);
    expect((await me(other, tablet)).status).toBe(200);
    await ctx.app.services.sessions.revokeAllForUser(userId);
    expect((await me(other, tablet)).status).toBe(401);
  });
});
