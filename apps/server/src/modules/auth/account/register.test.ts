import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chineseIdCheckChar, unifiedSocialCreditCodeCheckChar } from '@dandelion/shared';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { knownCaptcha, latestSms, requestRegisterCode } from '../../../../test/kits/smsTestKit';
import { sysCaptcha, sysLoginLog, sysRole, sysSession, sysUser, sysUserRole } from '../../../db/schema';

let ctx: TestContext;
let adminToken: string;
const REGISTER = '/rest/register/AddRegisterUser';
const SEND_CODE = '/rest/register/sendRegisterCode';
const ID = `11010519491231002${chineseIdCheckChar('11010519491231002')}`;
const USCC = `91110000600037341${unifiedSocialCreditCodeCheckChar('91110000600037341')}`;
let ipSeq = 0;
/** Each call from its own address: the route allows 10 a minute per IP. */
const send = (url: string, body: unknown) => post(ctx.app, url, body, {}, { remoteAddress: `10.1.0.${++ipSeq}` });

const applicant = (over: Record<string, unknown> = {}) => ({
  username: 'wang_applicant',
  password: 'Wang@2026x',
  realname: '王申报',
  phone: '13512345678',
  smsCode: '123456',
  email: 'wang@example.com',
  idType: 'ID_CARD',
  idNumber: ID,
  unitName: '蒲公英科技有限公司',
  unitCode: USCC,
  agreed: true,
  ...over,
});

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'existing', password: 'Existing@2026', phone: '13500000001', roleCodes: ['APPLICANT'] });
  await ctx.database.db.update(sysUser).set({ email: 'Taken@Example.com' }).where(eq(sysUser.username, 'existing'));
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/register/AddRegisterUser: refusals', () => {
  it('answers 400 with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: '1abc' }, '用户名为4-32位字母、数字或下划线，且以字母开头'],
      [{ username: 'ab' }, '用户名为4-32位字母、数字或下划线，且以字母开头'],
      [{ password: 'password1' }, '密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种'],
      [{ phone: '1351234567' }, '您的手机号码格式不正确!'],
      [{ email: 'not-an-email' }, '请输入正确格式的邮箱!'],
      [{ idNumber: `11010519491231002${chineseIdCheckChar('11010519491231002') === '1' ? '2' : '1'}` }, '您的身份证号/护照格式不正确!'],
      [{ idNumber: 'AB12' }, '您的身份证号/护照格式不正确!'],
      // The number is checked against the chosen type: a passport number is no ID card, and the other way round.
      [{ idType: 'ID_CARD', idNumber: 'E12345678' }, '您的身份证号/护照格式不正确!'],
      [{ idType: 'PASSPORT', idNumber: ID }, '您的身份证号/护照格式不正确!'],
      [{ idType: 'DRIVING_LICENCE' }, '证件类型只能是身份证（ID_CARD）或护照（PASSPORT）'],
      [{ idType: undefined }, '证件类型只能是身份证（ID_CARD）或护照（PASSPORT）'],
      [{ agreed: false }, '请阅读并同意《用户协议》和《隐私政策》'],
      [{ agreed: undefined }, '请阅读并同意《用户协议》和《隐私政策》'],
      [{ unitCode: `${USCC.slice(0, 17)}${USCC[17] === '0' ? '1' : '0'}` }, '请输入正确的统一社会信用代码!'],
      [{ unitName: '王' }, '请输入单位名称（2-64个字符）'],
      [{ smsCode: '12ab' }, '请输入6位短信验证码'],
    ];
    for (const [over, msg] of cases) {
      const res = await send(REGISTER, applicant(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
  });

  it('answers 409 for a username, phone or email already registered', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ username: 'EXISTING' }, '用户名已被注册', 'username'],
      [{ phone: '13500000001' }, '该手机号已注册', 'phone'],
      [{ email: 'taken@example.COM' }, '该邮箱已被注册', 'email'],
    ];
    for (const [over, msg, field] of cases) {
      const res = await send(REGISTER, applicant(over));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: '409', msg, attributes: { field } });
    }
  });

  it('refuses a phone without its REGISTER code', async () => {
    const res = await send(REGISTER, applicant({ smsCode: '000000' }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('短信验证码错误或已过期，请重新获取');
  });
});

describe('POST /rest/register/sendRegisterCode: the image captcha before the SMS', () => {
  it('refuses a missing, wrong or spent captcha answer with 400 and sends nothing', async () => {
    const phone = '13512349901';
    const missing = await send(SEND_CODE, { phone });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: '400', success: false, msg: '请输入图形验证码' });

    const wrong = await send(SEND_CODE, { phone, captchaKey: await knownCaptcha(ctx.database, 'wxyz'), captchaCode: 'abcd' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_WRONG', success: false, msg: '图形验证码错误或已过期，请重新获取' });

    const unknown = await send(SEND_CODE, { phone, captchaKey: 'no-such-captcha', captchaCode: 'abcd' });
    expect(unknown.body).toMatchObject({ code: 'CAPTCHA_WRONG', msg: '图形验证码错误或已过期，请重新获取' });
    expect(await latestSms(ctx.app, adminToken, phone)).toBeNull();

    // One answer, one SMS: the captcha is spent by the first check.
    const key = await knownCaptcha(ctx.database, 'mnpq');
    expect((await send(SEND_CODE, { phone, captchaKey: key, captchaCode: 'MNPQ' })).status).toBe(200);
    const [spent] = await ctx.database.db.select().from(sysCaptcha).where(eq(sysCaptcha.captchaKey, key));
    expect(spent?.usedAt ?? null).not.toBeNull();
    const replay = await send(SEND_CODE, { phone: '13512349902', captchaKey: key, captchaCode: 'MNPQ' });
    expect(replay.body).toMatchObject({ code: 'CAPTCHA_WRONG', msg: '图形验证码错误或已过期，请重新获取' });
    expect(await latestSms(ctx.app, adminToken, '13512349902')).toBeNull();
  });

  it('refuses a phone already registered with 409 (after a right captcha)', async () => {
    const res = await send(SEND_CODE, { phone: '13500000001', captchaKey: await knownCaptcha(ctx.database, 'qrst'), captchaCode: 'qrst' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: '409', msg: '该手机号已注册' });
  });

  it('sends the REGISTER code with a right answer', async () => {
    const key = await knownCaptcha(ctx.database, 'h7k9');
    const res = await send(SEND_CODE, { phone: '13512349903', captchaKey: key, captchaCode: ' H7K9 ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '验证码已发送', data: { expiresIn: 300, resendIn: 60 } });
    expect(await latestSms(ctx.app, adminToken, '13512349903')).toMatchObject({ purpose: 'REGISTER', status: 'SENT' });
  });
});

describe('POST /rest/register/AddRegisterUser: success', () => {
  it('creates a CLIENT account with the APPLICANT role, 证件类型 and 所在单位 stored, and signs it in at once', async () => {
    const smsCode = await requestRegisterCode(ctx, adminToken, '13512345678', '10.1.1.1');
    const res = await send(REGISTER, applicant({ smsCode, idNumber: ID.toLowerCase(), unitCode: USCC }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: '0000',
      msg: '注册成功',
      data: { token: expect.any(String), userInfo: { username: 'wang_applicant', realname: '王申报', token: expect.any(String) } },
    });
    const token = res.body.data.token as string;
    const userId = Number(res.body.data.userInfo.userId);

    const [user] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'wang_applicant'));
    expect(userId).toBe(user!.id);
    expect(user).toMatchObject({ username: 'wang_applicant', realname: '王申报', phone: '13512345678', email: 'wang@example.com', userType: 'CLIENT', status: 'NORMAL', idType: 'ID_CARD', idNumber: ID, unitName: '蒲公英科技有限公司', unitCode: USCC, identityVerified: false });
    // Signed in straight away: the answer's token opens a session, logged as a sign-in.
    expect(await ctx.database.db.select().from(sysSession).where(eq(sysSession.userId, user!.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(sysLoginLog).where(eq(sysLoginLog.userId, user!.id))).toMatchObject([{ success: true }]);
    const centre = await post(ctx.app, '/rest/user/accountCenter', {}, { authorization: token });
    expect(centre.status).toBe(200);
    expect(centre.body.data).toMatchObject({ username: 'wang_applicant', unitName: '蒲公英科技有限公司' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const roles = await ctx.database.db.select({ code: sysRole.roleCode }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysUserRole.userId, user!.id));
    expect(roles.map((r) => r.code)).toEqual(['APPLICANT']);

    expect(await signIn(ctx.app, 'wang_applicant', 'Wang@2026x')).toBeTruthy();
    // The code was single use: registering again with it fails (as a duplicate first, here).
    expect((await send(REGISTER, applicant({ smsCode, username: 'wang_second', email: 'w2@example.com' }))).status).toBe(409);
  });

  it('lets the unique index decide two registrations racing for one username', async () => {
    const codeA = await requestRegisterCode(ctx, adminToken, '13512340001', '10.1.1.2');
    const codeB = await requestRegisterCode(ctx, adminToken, '13512340002', '10.1.1.3');
    const [a, b] = await Promise.all([
      send(REGISTER, applicant({ username: 'racer', phone: '13512340001', smsCode: codeA, email: 'a@example.com', unitCode: undefined })),
      send(REGISTER, applicant({ username: 'racer', phone: '13512340002', smsCode: codeB, email: 'b@example.com', unitCode: undefined })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.msg).toMatch(/^(用户名已被注册|用户名已存在，请更换后重试)$/);
    expect(await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'racer'))).toHaveLength(1);
  });
});

describe('POST /rest/register/checkAvailable', () => {
  it('answers format problems, taken values and free ones', async () => {
    const check = async (field: string, value: string) => (await send('/rest/register/checkAvailable', { field, value })).body.data;
    expect(await check('username', '9lives')).toEqual({ available: false, msg: '用户名为4-32位字母、数字或下划线，且以字母开头' });
    expect(await check('username', 'Existing')).toEqual({ available: false, msg: '用户名已被注册' });
    expect(await check('username', 'fresh_name')).toEqual({ available: true, msg: '可以使用' });
    expect(await check('phone', '123')).toEqual({ available: false, msg: '您的手机号码格式不正确!' });
    expect(await check('phone', '13500000001')).toEqual({ available: false, msg: '该手机号已注册' });
    expect(await check('email', 'TAKEN@example.com')).toEqual({ available: false, msg: '该邮箱已被注册' });
    expect(await check('email', 'x@')).toEqual({ available: false, msg: '请输入正确格式的邮箱!' });
    expect((await send('/rest/register/checkAvailable', { field: 'password', value: 'x' })).status).toBe(400);
  });
});

describe('POST /rest/register/verifyUnitService', () => {
  it('accepts a name and a code with a valid GB 32100-2015 check character', async () => {
    const res = await send('/rest/register/verifyUnitService', { unitName: '蒲公英科技有限公司', unitCode: USCC });
    expect(res.body).toMatchObject({ code: '0000', data: { unitName: '蒲公英科技有限公司', unitCode: USCC, valid: true } });
  });

  it('refuses a wrong check character or a too short name', async () => {
    const bad = await send('/rest/register/verifyUnitService', { unitName: '蒲公英科技有限公司', unitCode: `${USCC.slice(0, 17)}${USCC[17] === 'A' ? 'B' : 'A'}` });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入正确的统一社会信用代码!');
    expect((await send('/rest/register/verifyUnitService', { unitName: '王', unitCode: USCC })).body.msg).toBe('请输入单位名称（2-64个字符）');
  });
});
