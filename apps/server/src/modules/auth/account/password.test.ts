import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { isStrongPassword } from '@dandelion/shared';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysVerifyCode } from '../../../db/schema';
import { requestSmsCode } from '../../../../test/kits/smsTestKit';
import { sysUser } from '../../../db/schema';

let ctx: TestContext;
let adminToken: string;
const WEAK = '密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种';
const alive = async (token: string) => (await get(ctx.app, '/api/user/info', { authorization: token })).status === 200;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'changer', password: 'Changer@2026', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'resetme', password: 'Resetme@2026', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'forgetful', password: 'Forget@2026', phone: '13600001111', roleCodes: ['APPLICANT'] });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('changing one’s own password (three paths, one rule set)', () => {
  const paths = ['/rest/user/UpdPwd', '/rest/setting/updatepassword', '/rest/common/UpdPwd'];

  it('refuses anonymous callers, weak or unchanged passwords and a wrong old password', async () => {
    const token = await signIn(ctx.app, 'changer', 'Changer@2026');
    for (const path of paths) {
      expect((await post(ctx.app, path, { oldPassword: 'Changer@2026', newPassword: 'Newer@2026' })).status).toBe(401);
      const weak = await post(ctx.app, path, { oldPassword: 'Changer@2026', newPassword: 'abcdefgh' }, { authorization: token });
      expect(weak.status).toBe(400);
      expect(weak.body.msg).toBe(WEAK);
    }
    const wrongOld = await post(ctx.app, paths[0]!, { oldPassword: 'Wrong@2026', newPassword: 'Newer@2026' }, { authorization: token });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ code: '400', msg: '原密码不正确' });
    const same = await post(ctx.app, paths[1]!, { oldPassword: 'Changer@2026', newPassword: 'Changer@2026' }, { authorization: token });
    expect(same.body.msg).toBe('新密码不能与原密码相同');
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const current = await signIn(ctx.app, 'changer', 'Changer@2026');
    const other = await signIn(ctx.app, 'changer', 'Changer@2026');
    const res = await post(ctx.app, '/rest/common/UpdPwd', { oldPassword: 'Changer@2026', newPassword: 'Changed#2027' }, { authorization: current });
    expect(res.body).toMatchObject({ code: '0000', msg: '密码修改成功', data: null });
    expect(await alive(current)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect((await post(ctx.app, '/callback?client_name=myform_client', { username: 'changer', password: 'Changer@2026' }, {}, { remoteAddress: '10.2.0.1' })).status).toBe(401);
    const [row] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'changer'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.updateBy).toBe('changer');
    // The other two paths work the same way.
    expect((await post(ctx.app, '/rest/setting/updatepassword', { oldPassword: 'Changed#2027', newPassword: 'Changed#2028' }, { authorization: current })).status).toBe(200);
    expect((await post(ctx.app, '/rest/user/UpdPwd', { oldPassword: 'Changed#2028', newPassword: 'Changed#2029' }, { authorization: current })).status).toBe(200);
    expect(await signIn(ctx.app, 'changer', 'Changed#2029')).toBeTruthy();
  });

  it('POST /rest/user/valPwd tells whether a password is the current one', async () => {
    const token = await signIn(ctx.app, 'changer', 'Changed#2029');
    expect((await post(ctx.app, '/rest/user/valPwd', { password: 'x' })).status).toBe(401);
    expect((await post(ctx.app, '/rest/user/valPwd', { password: 'Changed#2029' }, { authorization: token })).body.data).toEqual({ valid: true });
    expect((await post(ctx.app, '/rest/user/valPwd', { password: 'Changed#2028' }, { authorization: token })).body.data).toEqual({ valid: false });
  });
});

describe('POST /rest/user/UpdPwdUser (administrator reset)', () => {
  it('answers 401 anonymously, 403 without system:user:reset, 404 for an unknown user', async () => {
    const applicant = await signIn(ctx.app, 'resetme', 'Resetme@2026');
    expect((await post(ctx.app, '/rest/user/UpdPwdUser', { userId: '1' })).status).toBe(401);
    expect((await post(ctx.app, '/rest/user/UpdPwdUser', { userId: '1' }, { authorization: applicant })).status).toBe(403);
    const missing = await post(ctx.app, '/rest/user/UpdPwdUser', { userId: '999999' }, { authorization: adminToken });
    expect(missing.status).toBe(404);
    const weak = await post(ctx.app, '/rest/user/UpdPwdUser', { userId: '1', newPassword: 'short' }, { authorization: adminToken });
    expect(weak.body.msg).toBe(WEAK);
  });

  it('sets a generated strong password, answered once, and ends all the user’s sessions', async () => {
    const session = await signIn(ctx.app, 'resetme', 'Resetme@2026');
    const [user] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'resetme'));
    const res = await post(ctx.app, '/rest/user/UpdPwdUser', { userId: String(user!.id) }, { authorization: adminToken });
    expect(res.status).toBe(200);
    const generated = res.body.data.generatedPassword as string;
    expect(isStrongPassword(generated)).toBe(true);
    expect(await alive(session)).toBe(false);
    expect(await signIn(ctx.app, 'resetme', generated)).toBeTruthy();

    const given = await post(ctx.app, '/rest/user/UpdPwdUser', { userId: String(user!.id), newPassword: 'Given@2026' }, { authorization: adminToken });
    expect(given.body.data).toEqual({ userId: String(user!.id), generatedPassword: null });
    expect(await signIn(ctx.app, 'resetme', 'Given@2026')).toBeTruthy();
  });
});

describe('forgotten password through the phone', () => {
  it('refuses a wrong code and an unknown phone alike', async () => {
    for (const phone of ['13600001111', '13600009999']) {
      const res = await post(ctx.app, '/rest/register/getMyPassword', { phone, code: '000000' });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('验证码错误或已过期');
    }
    const bad = await post(ctx.app, '/rest/register/updMyPassword', { resetToken: 'x'.repeat(43), newPassword: 'Fresh@2026' });
    expect(bad.body.msg).toBe('重置凭证已失效，请重新获取短信验证码');
  });

  it('code → one-time reset token (stored hashed) → new password; every session ends', async () => {
    const session = await signIn(ctx.app, 'forgetful', 'Forget@2026');
    const code = await requestSmsCode(ctx.app, adminToken, '13600001111', 'RESET_PASSWORD', '10.2.1.1');
    const start = await post(ctx.app, '/rest/register/getMyPassword', { phone: '13600001111', code });
    expect(start.status).toBe(200);
    expect(start.body.data.expiresIn).toBe(600);
    const resetToken = start.body.data.resetToken as string;
    const stored = await ctx.database.db.select().from(sysVerifyCode).where(and(eq(sysVerifyCode.purpose, 'RESET_TOKEN'), eq(sysVerifyCode.phone, '13600001111')));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(resetToken);

    const weak = await post(ctx.app, '/rest/register/updMyPassword', { resetToken, newPassword: 'weakweak' });
    expect(weak.body.msg).toBe(WEAK);
    const done = await post(ctx.app, '/rest/register/updMyPassword', { resetToken, newPassword: 'Fresh@2026' });
    expect(done.body).toMatchObject({ code: '0000', msg: '密码已重置，请重新登录' });
    expect(await alive(session)).toBe(false);
    expect(await signIn(ctx.app, 'forgetful', 'Fresh@2026')).toBeTruthy();
    const again = await post(ctx.app, '/rest/register/updMyPassword', { resetToken, newPassword: 'Other@2026' });
    expect(again.status).toBe(400);
    // The SMS code was spent by step 1.
    expect((await post(ctx.app, '/rest/register/getMyPassword', { phone: '13600001111', code })).status).toBe(400);
  });
});
