import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { post, type TestContext } from '../../../../test/helpers/testApp';
import { knownCaptcha, requestSmsCode } from '../../../../test/kits/smsTestKit';
import { sysOperLog } from '../../../core/audit';
import { sysLoginLog, sysSession } from '../../../db/schema';
import { sysTrustedDevice, sysTwoFactorChallenge } from './tables';
import { createTwoFactorApp, enrol, forgetLastStep, passwordStep, totpCode } from './twoFactorTestKit';
import { sha256Hex } from '../../../core/token';

/** The second step of the sign-in: codes, replays, challenges, recovery codes, trusted devices, lockout. */

let ctx: TestContext;
let ops: { id: number; manualKey: string; recoveryCodes: string[] };
const VERIFY = '/rest/twoFactor/verifyLogin';
const PASSWORD = 'Ops@2026x';
const verify = (body: unknown, ip = '127.0.0.1') => post(ctx.app, VERIFY, body, {}, { remoteAddress: ip });
/** The password step with a captcha answered (the tests' own wrong codes make it compulsory as they go). */
async function challengeOf(ip = '127.0.0.1'): Promise<string> {
  const res = await passwordStep(ctx.app, 'ops', PASSWORD, { captchaKey: await knownCaptcha(ctx.database, 'k7m8'), captchaCode: 'k7m8' }, ip);
  if (!res.body.data?.challenge) throw new Error(`no challenge: ${JSON.stringify(res.body)}`);
  return res.body.data.challenge;
}
/** A 6-digit code that is certainly not the current one (nor its neighbours). */
const wrongCode = (key: string) => {
  const near = [-1, 0, 1].map((s) => totpCode(key, s));
  for (let n = 0; ; n++) if (!near.includes(String(n).padStart(6, '0'))) return String(n).padStart(6, '0');
};

beforeAll(async () => {
  ctx = await createTwoFactorApp();
  const user = await createAccount(ctx.database, { username: 'ops', password: PASSWORD, roleCodes: ['ADMIN'] });
  const token = await signIn(ctx.app, 'ops', PASSWORD);
  ops = { id: user.id, ...(await enrol(ctx.app, token)) };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('verifyLogin: refusals', () => {
  it('answers the right password with a challenge instead of a session, and opens no session', async () => {
    const sessionsBefore = (await ctx.database.db.select({ n: count() }).from(sysSession).where(eq(sysSession.userId, ops.id)))[0]!.n;
    const res = await passwordStep(ctx.app, 'ops', PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('请输入两步验证的动态验证码');
    expect(res.body.data).toEqual({ twoFactorRequired: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 300, rememberDays: 30 });
    const sessionsAfter = (await ctx.database.db.select({ n: count() }).from(sysSession).where(eq(sysSession.userId, ops.id)))[0]!.n;
    expect(sessionsAfter).toBe(sessionsBefore);
    // The challenge is kept only as a hash.
    const [stored] = await ctx.database.db.select().from(sysTwoFactorChallenge).where(eq(sysTwoFactorChallenge.tokenHash, sha256Hex(res.body.data.challenge)));
    expect(stored).toMatchObject({ userId: ops.id, loginName: 'ops', attempts: 0, usedAt: null });
  });

  it('refuses a missing code with 400 and an unknown challenge with 401', async () => {
    expect((await verify({ challenge: 'x' })).body).toMatchObject({ code: '400', msg: '请输入 6 位动态验证码' });
    expect((await verify({ challenge: 'x', code: '12' })).body.msg).toBe('请输入 6 位动态验证码');
    expect((await verify({ challenge: 'no-such-challenge', code: '123456' })).body).toMatchObject({ code: '401', msg: '验证已超时或失效，请重新登录' });
  });

  it('refuses a wrong code with 401, logs it as a counted second-factor failure, and keeps the challenge for another try', async () => {
    const challenge = await challengeOf('10.20.0.1');
    const res = await verify({ challenge, code: wrongCode(ops.manualKey) }, '10.20.0.1');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ msg: '动态验证码错误或已使用', attributes: { attemptsLeft: 4 } });
    const [row] = await ctx.database.db.select().from(sysLoginLog).where(and(eq(sysLoginLog.ip, '10.20.0.1'), eq(sysLoginLog.success, false)));
    expect(row).toMatchObject({ loginName: 'ops', userId: ops.id, failureKind: 'SECOND_FACTOR', message: '动态验证码错误或已使用' });
    expect((await verify({ challenge, code: totpCode(ops.manualKey, 0) }, '10.20.0.1')).status).toBe(200);
  });

  it('refuses a replayed code, a used challenge and an expired one', async () => {
    // The code the previous test signed in with: its step is spent.
    const replay = await verify({ challenge: await challengeOf(), code: totpCode(ops.manualKey, 0) });
    expect(replay.body.msg).toBe('动态验证码错误或已使用');

    const challenge = await challengeOf();
    expect((await verify({ challenge, code: totpCode(ops.manualKey, 1) })).status).toBe(200);
    await forgetLastStep(ctx, ops.id);
    expect((await verify({ challenge, code: totpCode(ops.manualKey, 0) })).body.msg).toBe('验证已超时或失效，请重新登录');

    const stale = await challengeOf();
    await ctx.database.db.update(sysTwoFactorChallenge).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sysTwoFactorChallenge.tokenHash, sha256Hex(stale)));
    expect((await verify({ challenge: stale, code: totpCode(ops.manualKey, 0) })).body.msg).toBe('验证已超时或失效，请重新登录');
  });

  it('lets one challenge take 5 wrong codes at most: then the password must be given again', async () => {
    await forgetLastStep(ctx, ops.id);
    const challenge = await challengeOf('10.20.0.2');
    for (let i = 0; i < 5; i++) expect((await verify({ challenge, code: wrongCode(ops.manualKey) }, '10.20.0.2')).status).toBe(401);
    const res = await verify({ challenge, code: totpCode(ops.manualKey, 0) }, '10.20.0.2');
    expect(res.body.msg).toBe('验证已超时或失效，请重新登录');
  });

  it('counts wrong codes like wrong passwords: captcha after 5, the account locked from that address after 10', async () => {
    const ip = '10.20.0.3';
    let challenge = await challengeOf(ip);
    for (let i = 0; i < 5; i++) await verify({ challenge, code: wrongCode(ops.manualKey) }, ip);
    // Five counted failures: the password step now asks for the captcha.
    expect((await passwordStep(ctx.app, 'ops', PASSWORD, {}, ip)).body.code).toBe('CAPTCHA_REQUIRED');
    challenge = await challengeOf(ip);
    let last;
    for (let i = 0; i < 5; i++) last = await verify({ challenge, code: wrongCode(ops.manualKey) }, ip);
    expect(last!.status).toBe(423);
    expect(last!.body.msg).toMatch(/^登录失败次数过多，账号在当前网络已锁定/);
    // Locked: even a right code from that address is refused, and so is the password.
    const locked = await passwordStep(ctx.app, 'ops', PASSWORD, { captchaKey: await knownCaptcha(ctx.database, 'c3p0'), captchaCode: 'c3p0' }, ip);
    expect(locked.status).toBe(423);
  });
});

describe('recovery codes and trusted devices', () => {
  it('accepts a recovery code once (any case, with or without the dash), logs its use, and refuses it the second time', async () => {
    const code = ops.recoveryCodes[0]!;
    const res = await verify({ challenge: await challengeOf('10.21.0.1'), recoveryCode: code.toUpperCase().replace('-', '') }, '10.21.0.1');
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [used] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:twoFactor'), eq(sysOperLog.action, 'RECOVERY_USE')));
    expect(used).toMatchObject({ userId: ops.id, summary: '使用恢复码登录（剩余 9 个）' });
    const [signedIn] = await ctx.database.db.select().from(sysLoginLog).where(and(eq(sysLoginLog.ip, '10.21.0.1'), eq(sysLoginLog.success, true)));
    expect(signedIn!.message).toBe('登录成功（两步验证：恢复码）');

    const again = await verify({ challenge: await challengeOf('10.21.0.1'), recoveryCode: code }, '10.21.0.1');
    expect(again.status).toBe(401);
    expect(again.body.msg).toBe('恢复码错误或已使用');
  });

  it('remembers a device when asked: its token skips the second step until the devices are forgotten', async () => {
    await forgetLastStep(ctx, ops.id);
    const res = await verify({ challenge: await challengeOf(), code: totpCode(ops.manualKey, 0), rememberDevice: true });
    expect(res.status).toBe(200);
    const { deviceToken, token } = res.body.data;
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [device] = await ctx.database.db.select().from(sysTrustedDevice).where(eq(sysTrustedDevice.userId, ops.id));
    expect(device!.tokenHash).toBe(sha256Hex(deviceToken));
    expect(device!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:twoFactor'), eq(sysOperLog.action, 'TRUST_DEVICE')))).length).toBe(1);

    const trusted = await passwordStep(ctx.app, 'ops', PASSWORD, { deviceToken });
    expect(trusted.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db.select().from(sysLoginLog).where(and(eq(sysLoginLog.userId, ops.id), eq(sysLoginLog.message, '登录成功（受信任设备）')));
    expect(row).toBeTruthy();
    // A device token is no password: a wrong password with it is still refused.
    expect((await passwordStep(ctx.app, 'ops', 'wrong', { deviceToken })).status).toBe(401);
    // Someone else's token does not spare another account the second step.
    await createAccount(ctx.database, { username: 'other2fa', password: 'Other@2026', roleCodes: ['APPLICANT'] });
    await enrol(ctx.app, await signIn(ctx.app, 'other2fa', 'Other@2026'));
    expect((await passwordStep(ctx.app, 'other2fa', 'Other@2026', { deviceToken })).body.data.twoFactorRequired).toBe(true);

    const forgot = await post(ctx.app, '/rest/twoFactor/forgetDevices', {}, { authorization: token });
    expect(forgot.body.data).toEqual({ count: 1 });
    expect((await passwordStep(ctx.app, 'ops', PASSWORD, { deviceToken })).body.data.twoFactorRequired).toBe(true);
  });

  it('asks an SMS-code sign-in of an enrolled user for the second step too', async () => {
    await createAccount(ctx.database, { username: 'smsops', password: 'Smsops@2026', phone: '13800138222', roleCodes: ['APPLICANT'] });
    await enrol(ctx.app, await signIn(ctx.app, 'smsops', 'Smsops@2026'));
    await forgetLastStep(ctx, ops.id);
    const opsToken = (await verify({ challenge: await challengeOf(), code: totpCode(ops.manualKey, 0) })).body.data.token;
    const code = await requestSmsCode(ctx.app, opsToken, '13800138222', 'LOGIN', '10.22.0.1');
    const res = await post(ctx.app, '/callback?client_name=captcha_client', { phone: '13800138222', code }, {}, { remoteAddress: '10.22.0.1' });
    expect(res.body.data).toMatchObject({ twoFactorRequired: true });
    expect(res.body.data.token).toBeUndefined();
  });
});
