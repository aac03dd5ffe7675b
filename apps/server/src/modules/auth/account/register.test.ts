import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chineseIdCheckChar, unifiedSocialCreditCodeCheckChar } from '@dandelion/shared';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { requestSmsCode } from '../../../../test/kits/smsTestKit';
import { sysRole } from '../../../db/schema';
import { sysUser, sysUserRole } from '../../../db/schema';

let ctx: TestContext;
let adminToken: string;
const REGISTER = '/rest/register/AddRegisterUser';
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
  idNumber: ID,
  unitName: '蒲公英科技有限公司',
  unitCode: USCC,
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

describe('POST /rest/register/AddRegisterUser: success', () => {
  it('creates a CLIENT account with the APPLICANT role, the password hashed, the code spent', async () => {
    const smsCode = await requestSmsCode(ctx.app, adminToken, '13512345678', 'REGISTER', '10.1.1.1');
    const res = await send(REGISTER, applicant({ smsCode, idNumber: ID.toLowerCase(), unitCode: USCC }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '注册成功', data: { userId: expect.stringMatching(/^\d+$/) } });

    const [user] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.id, Number(res.body.data.userId)));
    expect(user).toMatchObject({ username: 'wang_applicant', realname: '王申报', phone: '13512345678', email: 'wang@example.com', userType: 'CLIENT', status: 'NORMAL', idType: 'ID_CARD', idNumber: ID, unitCode: USCC, identityVerified: false });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    const roles = await ctx.database.db.select({ code: sysRole.roleCode }).from(sysUserRole).innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId)).where(eq(sysUserRole.userId, user!.id));
    expect(roles.map((r) => r.code)).toEqual(['APPLICANT']);

    expect(await signIn(ctx.app, 'wang_applicant', 'Wang@2026x')).toBeTruthy();
    // The code was single use: registering again with it fails (as a duplicate first, here).
    expect((await send(REGISTER, applicant({ smsCode, username: 'wang_second', email: 'w2@example.com' }))).status).toBe(409);
  });

  it('lets the unique index decide two registrations racing for one username', async () => {
    const codeA = await requestSmsCode(ctx.app, adminToken, '13512340001', 'REGISTER', '10.1.1.2');
    const codeB = await requestSmsCode(ctx.app, adminToken, '13512340002', 'REGISTER', '10.1.1.3');
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
