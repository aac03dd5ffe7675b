import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chineseIdCheckChar } from '@dandelion/shared';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { requestSmsCode } from '../../../../test/kits/smsTestKit';
import { sysUser } from '../../../db/schema';

let ctx: TestContext;
let adminToken: string;
let token: string;
/** A resident ID whose check character is X (GB 11643-1999). */
const ID = `11010519491231002${chineseIdCheckChar('11010519491231002')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'binder', password: 'Binder@2026', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'other', password: 'Other@2026', phone: '13800000002', roleCodes: ['APPLICANT'] });
  await ctx.database.db.update(sysUser).set({ email: 'other@example.com' }).where(eq(sysUser.username, 'other'));
  token = await signIn(ctx.app, 'binder', 'Binder@2026');
});
afterAll(async () => {
  await ctx.app.close();
});
const stored = async () => (await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'binder')))[0]!;

describe('POST /rest/user/bindPhone', () => {
  it('refuses anonymous callers, bad phones, a phone bound elsewhere and a wrong code', async () => {
    expect((await post(ctx.app, '/rest/user/bindPhone', { phone: '13800000001', code: '123456' })).status).toBe(401);
    expect((await post(ctx.app, '/rest/user/bindPhone', { phone: '138', code: '123456' }, { authorization: token })).body.msg).toBe('您的手机号码格式不正确!');
    const taken = await post(ctx.app, '/rest/user/bindPhone', { phone: '13800000002', code: '123456' }, { authorization: token });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该手机号已被其他账号绑定');
    const wrong = await post(ctx.app, '/rest/user/bindPhone', { phone: '13800000001', code: '123456' }, { authorization: token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('短信验证码错误或已过期，请重新获取');
  });

  it('binds the phone proven by its BIND_PHONE code', async () => {
    const code = await requestSmsCode(ctx.app, adminToken, '13800000001', 'BIND_PHONE', '10.3.0.1');
    const res = await post(ctx.app, '/rest/user/bindPhone', { phone: '13800000001', code }, { authorization: token });
    expect(res.body).toMatchObject({ code: '0000', msg: '手机号绑定成功', data: { phone: '13800000001' } });
    expect(await stored()).toMatchObject({ phone: '13800000001', updateBy: 'binder' });
  });
});

describe('POST /rest/register/updUserPhoneAndMail', () => {
  const url = '/rest/register/updUserPhoneAndMail';
  it('refuses empty changes, a phone change without a code and an email bound elsewhere', async () => {
    expect((await post(ctx.app, url, {})).status).toBe(401);
    expect((await post(ctx.app, url, {}, { authorization: token })).body.msg).toBe('请填写要修改的手机号或邮箱');
    expect((await post(ctx.app, url, { phone: '13800000003' }, { authorization: token })).body.msg).toBe('更换手机号需要短信验证码');
    expect((await post(ctx.app, url, { email: 'bad' }, { authorization: token })).body.msg).toBe('请输入正确格式的邮箱!');
    const taken = await post(ctx.app, url, { email: 'OTHER@example.com' }, { authorization: token });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该邮箱已被注册');
  });

  it('changes the email alone, and the phone with its code', async () => {
    expect((await post(ctx.app, url, { email: 'binder@example.com' }, { authorization: token })).body.data).toEqual({ phone: '13800000001', email: 'binder@example.com' });
    const code = await requestSmsCode(ctx.app, adminToken, '13800000003', 'BIND_PHONE', '10.3.0.2');
    const res = await post(ctx.app, url, { phone: '13800000003', code }, { authorization: token });
    expect(res.body.data).toEqual({ phone: '13800000003', email: 'binder@example.com' });
    expect(await stored()).toMatchObject({ phone: '13800000003', email: 'binder@example.com' });
  });
});

describe('identity verification', () => {
  it('refuses anonymous callers and malformed numbers with the spec message', async () => {
    expect((await post(ctx.app, '/rest/identify/get', {})).status).toBe(401);
    expect((await post(ctx.app, '/rest/identify/verify', { realname: '张三', idType: 'ID_CARD', idNumber: ID })).status).toBe(401);
    const badCheck = `${ID.slice(0, 17)}${ID[17] === '1' ? '2' : '1'}`;
    for (const body of [
      { realname: '张三', idType: 'ID_CARD', idNumber: badCheck },
      { realname: '张三', idType: 'ID_CARD', idNumber: 'E12345678' },
      { realname: '张三', idType: 'PASSPORT', idNumber: ID },
      { realname: '张三', idType: 'PASSPORT', idNumber: 'E1' },
    ]) {
      const res = await post(ctx.app, '/rest/identify/verify', body, { authorization: token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe('您的身份证号/护照格式不正确!');
    }
    expect((await post(ctx.app, '/rest/identify/get', {}, { authorization: token })).body.data).toEqual({ identityVerified: false, realname: '测试binder', idType: null, idNumberMasked: null, verifiedAt: null });
  });

  it('stores a verified identity and shows it masked; a second verification is refused', async () => {
    expect(ID).toBe('11010519491231002X');
    const res = await post(ctx.app, '/rest/identify/verify', { realname: '张三', idType: 'ID_CARD', idNumber: ID.toLowerCase() }, { authorization: token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ identityVerified: true, realname: '张三', idType: 'ID_CARD', idNumberMasked: '110105********002X' });
    const row = await stored();
    expect(row).toMatchObject({ realname: '张三', idType: 'ID_CARD', idNumber: ID, identityVerified: true });
    expect(row.identityVerifiedAt).toBeInstanceOf(Date);
    const got = await post(ctx.app, '/rest/identify/get', {}, { authorization: token });
    expect(got.body.data).toEqual({ identityVerified: true, realname: '张三', idType: 'ID_CARD', idNumberMasked: '110105********002X', verifiedAt: row.identityVerifiedAt!.toISOString() });
    const again = await post(ctx.app, '/rest/identify/verify', { realname: '李四', idType: 'PASSPORT', idNumber: 'E12345678' }, { authorization: token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('已完成实名认证，如需更改请联系管理员');
  });

  it('accepts a passport', async () => {
    const other = await signIn(ctx.app, 'other', 'Other@2026');
    const res = await post(ctx.app, '/rest/identify/verify', { realname: 'John Smith', idType: 'PASSPORT', idNumber: 'E12345678' }, { authorization: other });
    expect(res.body.data).toMatchObject({ identityVerified: true, idType: 'PASSPORT', idNumberMasked: 'E1*****78' });
  });
});
