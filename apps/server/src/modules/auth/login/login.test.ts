import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createdBy } from '../../../core/records';
import { createAccount } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysUser } from '../../../db/schema';
import { sysCaptcha } from '../captcha/tables';
import { sysLoginLog } from '../loginLog/tables';
import { sysMsg } from '../../message/msg/tables';
import { sha256Hex } from '../../../core/token';
import { signIn } from '../../../../test/helpers/accounts';
import { latestSmsCode } from '../../../../test/kits/smsTestKit';

let ctx: TestContext;
const LOGIN = '/callback?client_name=myform_client';

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'zhangsan', password: 'Zhang@2026', phone: '13800138000', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'frozen', password: 'Frozen@2026', status: 'FROZEN', roleCodes: ['APPLICANT'] });
});
afterAll(async () => {
  await ctx.app.close();
});

/** A captcha whose answer the test knows; the row is what POST /rest/captcha/png stores. */
async function knownCaptcha(code: string): Promise<string> {
  const captchaKey = `test-${Math.random().toString(36).slice(2)}`;
  await ctx.database.db.insert(sysCaptcha).values({ captchaKey, codeHash: sha256Hex(code.toLowerCase()), expiresAt: new Date(Date.now() + 60_000), ...createdBy(null) });
  return captchaKey;
}

/** Calls from one client address (the guard counts failures per IP too). */
const postFrom = (ip: string) => (url: string, body: unknown) => post(ctx.app, url, body, {}, { remoteAddress: ip });

describe('account login: refusals', () => {
  it('refuses a missing username or password with 400', async () => {
    expect((await post(ctx.app, LOGIN, { password: 'x' })).body).toMatchObject({ code: '400', msg: '请输入用户名' });
    expect((await post(ctx.app, LOGIN, { username: 'admin' })).body).toMatchObject({ code: '400', msg: '请输入密码' });
  });

  it('refuses an unknown client_name', async () => {
    const res = await post(ctx.app, '/callback?client_name=other', { username: 'a', password: 'b' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('不支持的登录方式');
  });

  it('answers a wrong password and an unknown account with the same 401 message, and logs both', async () => {
    const wrong = await post(ctx.app, LOGIN, { username: 'zhangsan', password: 'nope' });
    const unknown = await post(ctx.app, LOGIN, { username: 'nobody-here', password: 'nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: '401', success: false, msg: '用户名或密码错误', data: null });
    }
    const logged = await ctx.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.success, false));
    expect(logged.map((l) => l.loginName)).toEqual(expect.arrayContaining(['zhangsan', 'nobody-here']));
  });

  it('refuses a frozen account with 403 even with the right password', async () => {
    const res = await post(ctx.app, LOGIN, { username: 'frozen', password: 'Frozen@2026' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('账号已被冻结，请联系管理员');
  });
});

describe('account login: success', () => {
  it('answers { token, userInfo } without any secret, and logs the sign-in', async () => {
    const res = await post(ctx.app, LOGIN, { username: 'ADMIN', password: TEST_ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('0000');
    const { token, userInfo } = res.body.data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(userInfo).toMatchObject({ username: 'admin', loginName: 'admin', realname: '系统管理员', roles: [{ roleCode: 'ADMIN', roleName: '系统管理员' }], token });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    const [success] = await ctx.database.db.select({ n: count() }).from(sysLoginLog).where(and(eq(sysLoginLog.loginName, 'admin'), eq(sysLoginLog.success, true)));
    expect(success!.n).toBeGreaterThanOrEqual(1);
  });

  it('accepts the bound phone number in place of the username', async () => {
    const res = await post(ctx.app, LOGIN, { username: '13800138000', password: 'Zhang@2026' });
    expect(res.status).toBe(200);
    expect(res.body.data.userInfo.username).toBe('zhangsan');
  });

  it('accepts the token bare or as Bearer, and GET /api/user/info answers the user', async () => {
    const token = (await post(ctx.app, LOGIN, { username: 'zhangsan', password: 'Zhang@2026' })).body.data.token;
    for (const authorization of [token, `Bearer ${token}`]) {
      const me = await get(ctx.app, '/api/user/info', { authorization });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ username: 'zhangsan', phones: '13800138000', roles: [{ roleCode: 'APPLICANT' }] });
    }
  });

  it('re-hashes a password stored with weaker parameters', async () => {
    const { hash } = await import('@node-rs/argon2');
    const weak = await hash('Weak@2026x', { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const user = await createAccount(ctx.database, { username: 'oldhash', password: 'placeholder' });
    await ctx.database.db.update(sysUser).set({ passwordHash: weak }).where(eq(sysUser.id, user.id));
    expect((await post(ctx.app, LOGIN, { username: 'oldhash', password: 'Weak@2026x' })).status).toBe(200);
    const [stored] = await ctx.database.db.select({ h: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.id, user.id));
    expect(stored!.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('brute-force defence', () => {
  it('requires a captcha after 5 wrong passwords, then locks the account from that address only after 10', async () => {
    await createAccount(ctx.database, { username: 'target', password: 'Target@2026' });
    const send = postFrom('10.1.1.1');
    for (let i = 1; i <= 4; i++) expect((await send(LOGIN, { username: 'target', password: 'bad' })).body.attributes).toEqual({ captchaRequired: false });
    const fifth = await send(LOGIN, { username: 'target', password: 'bad' });
    expect(fifth.body.attributes).toEqual({ captchaRequired: true });

    const check = await post(ctx.app, '/rest/inspect/inspectLoginService', { username: 'target' });
    expect(check.body.data).toMatchObject({ captchaRequired: true, locked: false });

    // Without a captcha, even the right password is not checked.
    const noCaptcha = await send(LOGIN, { username: 'target', password: 'Target@2026' });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', msg: '请输入图形验证码', attributes: { captchaRequired: true } });

    const wrongCaptcha = await send(LOGIN, { username: 'target', password: 'Target@2026', captchaKey: await knownCaptcha('abcd'), captchaCode: 'zzzz' });
    expect(wrongCaptcha.body.msg).toBe('图形验证码错误或已过期，请重新获取');

    // A captcha is spent by its first use.
    const key = await knownCaptcha('wxyz');
    expect((await send(LOGIN, { username: 'target', password: 'bad', captchaKey: key, captchaCode: 'WXYZ' })).body.msg).toBe('用户名或密码错误');
    expect((await send(LOGIN, { username: 'target', password: 'bad', captchaKey: key, captchaCode: 'wxyz' })).body.msg).toBe(
      '图形验证码错误或已过期，请重新获取',
    );

    // Refusals that never checked the password (no captcha, a wrong one, a spent one) counted nothing:
    // 6 wrong passwords so far, the lock comes with the 10th.
    let last;
    for (let i = 0; i < 3; i++) {
      last = await send(LOGIN, { username: 'target', password: 'bad', captchaKey: await knownCaptcha('a1b2'), captchaCode: 'a1b2' });
      expect(last.status).toBe(401);
    }
    last = await send(LOGIN, { username: 'target', password: 'bad', captchaKey: await knownCaptcha('a1b2'), captchaCode: 'a1b2' });
    expect(last.status).toBe(423);
    expect(last.body.msg).toBe('登录失败次数过多，账号在当前网络已锁定，请在 15 分钟后重试，或使用手机验证码登录');

    const locked = await send(LOGIN, { username: 'target', password: 'Target@2026', captchaKey: await knownCaptcha('c3d4'), captchaCode: 'c3d4' });
    expect(locked.status).toBe(423);
    expect((await post(ctx.app, '/rest/inspect/inspectLoginService', { username: 'target' }, {}, { remoteAddress: '10.1.1.1' })).body.data).toMatchObject({ locked: true });

    // The owner from another address is not locked out: the captcha is asked for, the password works.
    const owner = postFrom('10.9.9.9');
    expect((await post(ctx.app, '/rest/inspect/inspectLoginService', { username: 'target' }, {}, { remoteAddress: '10.9.9.9' })).body.data).toMatchObject({ locked: false, captchaRequired: true });
    const home = await owner(LOGIN, { username: 'target', password: 'Target@2026', captchaKey: await knownCaptcha('e5f6'), captchaCode: 'e5f6' });
    expect(home.status).toBe(200);
  });

  it('lets the owner unlock with an SMS code from the locked address: the code signs in and the password works again', async () => {
    await createAccount(ctx.database, { username: 'lockedout', password: 'Locked@2026', phone: '13800138111' });
    const send = postFrom('10.8.8.8');
    for (let i = 0; i < 10; i++) {
      const captcha = i >= 5 ? { captchaKey: await knownCaptcha('k9m8'), captchaCode: 'k9m8' } : {};
      await send(LOGIN, { username: 'lockedout', password: 'bad', ...captcha });
    }
    const locked = await send(LOGIN, { username: 'lockedout', password: 'Locked@2026', captchaKey: await knownCaptcha('p2q3'), captchaCode: 'p2q3' });
    expect(locked.status).toBe(423);

    expect((await send('/rest/captcha/sms', { phone: '13800138111' })).status).toBe(200);
    const adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    const code = await latestSmsCode(ctx.app, adminToken, '13800138111');
    const bySms = await send('/callback?client_name=captcha_client', { phone: '13800138111', code });
    expect(bySms.status).toBe(200);
    expect(bySms.body.data.userInfo.username).toBe('lockedout');

    // The success reset the account's counters: from the same address, no lock and no captcha.
    const check = await post(ctx.app, '/rest/inspect/inspectLoginService', { username: 'lockedout' }, {}, { remoteAddress: '10.8.8.8' });
    expect(check.body.data).toMatchObject({ locked: false, captchaRequired: false });
    const byPassword = await send(LOGIN, { username: 'lockedout', password: 'Locked@2026' });
    expect(byPassword.status).toBe(200);
  });

  it('tells the owner in an in-site message when the captcha becomes compulsory for their account', async () => {
    const owner = await createAccount(ctx.database, { username: 'warned', password: 'Warned@2026' });
    const send = postFrom('10.4.4.4');
    for (let i = 0; i < 5; i++) await send(LOGIN, { username: 'warned', password: 'bad' });
    // A sixth failure does not tell them again.
    await send(LOGIN, { username: 'warned', password: 'bad', captchaKey: await knownCaptcha('g7h8'), captchaCode: 'g7h8' });
    const messages = await ctx.database.db.select({ title: sysMsg.title, body: sysMsg.content }).from(sysMsg).where(eq(sysMsg.userId, owner.id));
    expect(messages).toEqual([{ title: '账号安全提醒：多次密码错误', body: expect.stringContaining('5 次密码错误的登录尝试（来源 IP：10.4.4.4）') }]);
  });

  it('counts failed password checks per address across accounts, known names or not', async () => {
    const send = postFrom('10.2.2.2');
    for (let i = 0; i < 5; i++) await send(LOGIN, { username: `spray${i}`, password: 'bad' });
    const res = await send(LOGIN, { username: 'zhangsan', password: 'Zhang@2026' });
    expect(res.body.code).toBe('CAPTCHA_REQUIRED');
    expect((await postFrom('10.3.3.3')(LOGIN, { username: 'zhangsan', password: 'Zhang@2026' })).status).toBe(200);
  });

  it('counts nothing against a name taken from a third-party or CAS address, or from a refused captcha', async () => {
    await createAccount(ctx.database, { username: 'victim', password: 'Victim@2026' });
    for (let i = 0; i < 12; i++) {
      await ctx.app.inject({ method: 'GET', url: '/thirdLogin/authorize/victim', remoteAddress: '10.6.6.6' });
      await ctx.app.inject({ method: 'GET', url: '/thirdLogin/callback/victim?code=x&state=y', remoteAddress: '10.6.6.6' });
      await ctx.app.inject({ method: 'GET', url: '/thirdLogin/victim/1', remoteAddress: '10.6.6.6' });
      // A bogus captcha with a wrong password: refused before the password is looked at.
      const bogus = await postFrom('10.6.6.6')(LOGIN, { username: 'victim', password: 'bad', captchaKey: 'nope', captchaCode: 'nope' });
      expect(bogus.status).toBeLessThan(500);
    }
    const risk = (ip: string) => post(ctx.app, '/rest/inspect/inspectLoginService', { username: 'victim' }, {}, { remoteAddress: ip });
    expect((await risk('10.7.7.7')).body.data).toMatchObject({ locked: false, captchaRequired: false });
    expect((await postFrom('10.7.7.7')(LOGIN, { username: 'victim', password: 'Victim@2026' })).status).toBe(200);
    const [counted] = await ctx.database.db
      .select({ n: count() })
      .from(sysLoginLog)
      .where(and(eq(sysLoginLog.loginName, 'victim'), eq(sysLoginLog.success, false), eq(sysLoginLog.failureKind, 'PASSWORD')));
    expect(counted!.n).toBe(0);
  });
});

describe('POST /rest/captcha/png', () => {
  it('answers an SVG image and a key, and stores only a hash of the answer', async () => {
    const res = await post(ctx.app, '/rest/captcha/png', {});
    expect(res.status).toBe(200);
    expect(res.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(res.body.data.expiresIn).toBe(120);
    const [row] = await ctx.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.captchaKey, res.body.data.captchaKey));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
