import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysUser } from '../../../db/schema';
import { sysTwoFactorRecoveryCode, sysUserTwoFactor } from './tables';
import { codeOfStepBefore, createTwoFactorApp, enrol, forgetLastStep, passwordStep, signInWithCode, totpCode } from './twoFactorTestKit';

/** Enrolment in 个人中心, the setting that requires it of administrators, disabling and new recovery codes. */

let ctx: TestContext;
let adminToken: string;
let applicantToken: string;
let adminId: number;
const call = (url: string, token: string, body: unknown = {}) => post(ctx.app, url, body, { authorization: token });

beforeAll(async () => {
  ctx = await createTwoFactorApp();
  await createAccount(ctx.database, { username: 'lisi', password: 'Lisi@2026', roleCodes: ['APPLICANT'] });
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  applicantToken = await signIn(ctx.app, 'lisi', 'Lisi@2026');
  const [admin] = await ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
  adminId = admin!.id;
});
afterAll(async () => {
  await ctx.app.close();
});

describe('two-factor calls: refusals', () => {
  it('answers 401 to anonymous callers of every own-account call', async () => {
    for (const url of ['getStatus', 'beginEnrol', 'confirmEnrol', 'disable', 'regenerateRecoveryCodes', 'forgetDevices']) {
      const res = await post(ctx.app, `/rest/twoFactor/${url}`, { code: '123456', password: 'x' });
      expect(res.status).toBe(401);
    }
  });

  it('refuses a code that is not 6 digits and a disable without a password with 400 and the Chinese message', async () => {
    for (const code of ['12345', 'abcdef', '', undefined]) {
      const res = await call('/rest/twoFactor/confirmEnrol', applicantToken, { code });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('请输入 6 位动态验证码');
    }
    expect((await call('/rest/twoFactor/disable', applicantToken, { code: '123456' })).body.msg).toBe('请输入登录密码');
  });

  it('refuses to confirm before a QR code was fetched, and to disable or regenerate when not enrolled, with 409', async () => {
    expect((await call('/rest/twoFactor/confirmEnrol', applicantToken, { code: '123456' })).body).toMatchObject({ code: '409', msg: '请先获取二维码再输入验证码' });
    expect((await call('/rest/twoFactor/disable', applicantToken, { password: 'Lisi@2026', code: '123456' })).body).toMatchObject({ code: '409', msg: '尚未开启两步验证' });
    expect((await call('/rest/twoFactor/regenerateRecoveryCodes', applicantToken, { code: '123456' })).body).toMatchObject({ code: '409', msg: '尚未开启两步验证' });
  });
});

describe('the setting: required of system administrators', () => {
  it('marks the administrator as due and refuses permission-coded calls with 403 until enrolled; their own centre still answers', async () => {
    const status = await call('/rest/twoFactor/getStatus', adminToken);
    expect(status.body.data).toMatchObject({ enabled: false, required: true, due: true, recoveryCodesLeft: 0, trustedDeviceDays: 30 });
    const roles = await call('/rest/role/getAllRole', adminToken);
    expect(roles.status).toBe(403);
    expect(roles.body).toMatchObject({ code: '403', msg: '请先开启两步验证' });
    expect((await call('/rest/user/accountCenter', adminToken)).status).toBe(200);
    // The console still loads (its init and menus are SIGNED_IN): it opens 个人中心 to enrol.
    expect((await call('/rest/index/init', adminToken)).status).toBe(200);
    expect((await call('/rest/menu/UserMenuList', adminToken)).status).toBe(200);
  });

  it('does not require it of an applicant, who signs in with the password alone', async () => {
    expect((await call('/rest/twoFactor/getStatus', applicantToken)).body.data).toMatchObject({ enabled: false, required: false, due: false });
    expect((await passwordStep(ctx.app, 'lisi', 'Lisi@2026')).body.data.token).toBeTruthy();
  });

  it('leaves administrators alone when the setting is off', async () => {
    // Tests share one database per worker: this app is closed, the other resets it, then this one comes back.
    await ctx.app.close();
    const off = await createTestApp();
    try {
      const token = await signIn(off.app, 'admin', TEST_ADMIN_PASSWORD);
      expect((await post(off.app, '/rest/twoFactor/getStatus', {}, { authorization: token })).body.data).toMatchObject({ required: false, due: false });
      expect((await post(off.app, '/rest/role/getAllRole', {}, { authorization: token })).status).toBe(200);
    } finally {
      await off.app.close();
    }
    ctx = await createTwoFactorApp();
    await createAccount(ctx.database, { username: 'lisi', password: 'Lisi@2026', roleCodes: ['APPLICANT'] });
    adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
    applicantToken = await signIn(ctx.app, 'lisi', 'Lisi@2026');
  });
});

describe('enrolment', () => {
  let manualKey = '';

  it('shows a QR code and a manual key; the secret is stored encrypted and pending until confirmed', async () => {
    const res = await call('/rest/twoFactor/beginEnrol', adminToken);
    expect(res.status).toBe(200);
    expect(res.body.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(res.body.data.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*admin\?.*secret=[A-Z2-7]+/);
    manualKey = res.body.data.manualKey;
    expect(manualKey.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    const [row] = await ctx.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, adminId));
    expect(row).toMatchObject({ enabledAt: null, secret: null });
    expect(row!.pendingSecret).toMatch(/^v1:/);
    expect(row!.pendingSecret).not.toContain(manualKey.replace(/\s/g, ''));
  });

  it('refuses a wrong code with 400 and stays off', async () => {
    const wrong = String((Number(totpCode(manualKey)) + 1) % 1_000_000).padStart(6, '0');
    const res = await call('/rest/twoFactor/confirmEnrol', adminToken, { code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('动态验证码错误或已使用');
    expect((await call('/rest/twoFactor/getStatus', adminToken)).body.data.enabled).toBe(false);
  });

  it('confirms with a code from a real generator: 10 recovery codes once, stored as hashes, logged, and no longer due', async () => {
    const res = await call('/rest/twoFactor/confirmEnrol', adminToken, { code: await codeOfStepBefore(manualKey) });
    expect(res.status).toBe(200);
    const codes: string[] = res.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.database.db.select().from(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, adminId));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));
    const [row] = await ctx.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, adminId));
    expect(row!.enabledAt).toBeInstanceOf(Date);
    expect(row!.pendingSecret).toBeNull();
    const [logged] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:twoFactor'), eq(sysOperLog.action, 'ENABLE')));
    expect(logged).toMatchObject({ userId: adminId, summary: '开启两步验证（动态验证码）' });
    // The same session is no longer held back.
    expect((await call('/rest/role/getAllRole', adminToken)).status).toBe(200);
    expect((await call('/rest/twoFactor/getStatus', adminToken)).body.data).toMatchObject({ enabled: true, required: true, due: false, recoveryCodesLeft: 10 });
    // A second enrolment is refused while one is on.
    expect((await call('/rest/twoFactor/beginEnrol', adminToken)).body).toMatchObject({ code: '409', msg: '已开启两步验证，如需更换请先关闭' });
  });

  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const before = await ctx.database.db.select({ h: sysTwoFactorRecoveryCode.codeHash }).from(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, adminId));
    // The confirming code's step was spent: the same code again is a replay.
    expect((await call('/rest/twoFactor/regenerateRecoveryCodes', adminToken, { code: totpCode(manualKey, -1) })).body.msg).toBe('动态验证码错误或已使用');
    const res = await call('/rest/twoFactor/regenerateRecoveryCodes', adminToken, { code: totpCode(manualKey, 0) });
    expect(res.status).toBe(200);
    expect(res.body.data.recoveryCodes).toHaveLength(10);
    const after = await ctx.database.db.select({ h: sysTwoFactorRecoveryCode.codeHash }).from(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, adminId));
    expect(after.map((r) => r.h)).not.toEqual(expect.arrayContaining([before[0]!.h]));
    const [logged] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:twoFactor'), eq(sysOperLog.action, 'RESET')));
    expect(logged!.summary).toBe('重新生成两步验证恢复码（旧恢复码作废）');
  });

  it('disables only with the password and a current code, removing codes and devices; the administrator is due again', async () => {
    await forgetLastStep(ctx, adminId);
    expect((await call('/rest/twoFactor/disable', adminToken, { password: 'wrong', code: totpCode(manualKey) })).body).toMatchObject({ code: '400', msg: '登录密码不正确' });
    expect((await call('/rest/twoFactor/disable', adminToken, { password: TEST_ADMIN_PASSWORD, code: '000000' === totpCode(manualKey) ? '111111' : '000000' })).body.msg).toBe('动态验证码错误或已使用');
    const res = await call('/rest/twoFactor/disable', adminToken, { password: TEST_ADMIN_PASSWORD, code: totpCode(manualKey) });
    expect(res.status).toBe(200);
    expect(await ctx.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, adminId))).toEqual([]);
    expect(await ctx.database.db.select().from(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, adminId))).toEqual([]);
    const [logged] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:twoFactor'), eq(sysOperLog.action, 'DISABLE')));
    expect(logged!.summary).toBe('关闭两步验证');
    expect((await call('/rest/role/getAllRole', adminToken)).body.msg).toBe('请先开启两步验证');
    // Signing in is a password again (and the console sends them to enrol).
    expect((await passwordStep(ctx.app, 'admin', TEST_ADMIN_PASSWORD)).body.data.token).toBeTruthy();
  });

  it('a user can enrol voluntarily (not required) and then signs in with a code', async () => {
    const { manualKey: key } = await enrol(ctx.app, applicantToken);
    const first = await passwordStep(ctx.app, 'lisi', 'Lisi@2026');
    expect(first.body.data).toMatchObject({ twoFactorRequired: true, expiresIn: 300 });
    expect(first.body.data.token).toBeUndefined();
    expect(await signInWithCode(ctx.app, 'lisi', 'Lisi@2026', key, 1)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('lets an administrator with system:user:reset turn a user\'s two-factor off: 403 without it, 404 for nobody, 409 when off', async () => {
    const lisi = (await ctx.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'lisi')))[0]!.id;
    expect((await post(ctx.app, '/rest/twoFactor/resetForUser', { userId: String(lisi) })).status).toBe(401);
    expect((await call('/rest/twoFactor/resetForUser', applicantToken, { userId: String(lisi) })).status).toBe(403);
    // The administrator disabled their own above and is due again: enrol once more to use the console.
    await enrol(ctx.app, adminToken);
    expect((await call('/rest/twoFactor/resetForUser', adminToken, { userId: '999999' })).body).toMatchObject({ code: '404', msg: '用户不存在或已被删除' });
    const res = await call('/rest/twoFactor/resetForUser', adminToken, { userId: String(lisi) });
    expect(res.status).toBe(200);
    expect(await ctx.database.db.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, lisi))).toEqual([]);
    const [logged] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:user'), eq(sysOperLog.entityId, String(lisi))));
    expect(logged!.summary).toBe('重置用户「lisi」的两步验证');
    // The user's sessions ended; the password alone signs in again.
    expect((await call('/rest/twoFactor/getStatus', applicantToken)).status).toBe(401);
    expect((await passwordStep(ctx.app, 'lisi', 'Lisi@2026')).body.data.token).toBeTruthy();
    expect((await call('/rest/twoFactor/resetForUser', adminToken, { userId: String(lisi) })).body).toMatchObject({ code: '409', msg: '用户「lisi」尚未开启两步验证' });
  });
});
