import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { and, desc, eq } from 'drizzle-orm';
import { sysOperLog } from '../../../core/audit';
import { sysUser } from '../../../db/schema';
import { sysSession } from '../session/tables';
import { sysAvatar } from './tables';

let ctx: TestContext;
let token: string;
let otherToken: string;

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const auth = (t: string) => ({ authorization: t });

/** Signs in from a given browser, the way the login page does. */
async function signInFrom(username: string, password: string, userAgent: string): Promise<string> {
  const res = await post(ctx.app, '/callback?client_name=myform_client', { username, password }, { 'user-agent': userAgent });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

const lastAccountLog = async (summary: string) =>
  (await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'auth:account'), eq(sysOperLog.summary, summary))).orderBy(desc(sysOperLog.id)).limit(1))[0];

const stored = async (username = 'centre') => (await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!;

/** A tiny but real PNG (1×1), JPEG and WebP header: only the first bytes matter to the server. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1c5f3f30000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 2)]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  ctx = await createTestApp();
  await createAccount(ctx.database, { username: 'centre', password: 'Centre@2026', phone: '13800000011', roleCodes: ['APPLICANT'] });
  await createAccount(ctx.database, { username: 'stranger', password: 'Stranger@2026', roleCodes: ['APPLICANT'] });
  token = await signInFrom('centre', 'Centre@2026', CHROME_MAC);
  otherToken = await signIn(ctx.app, 'stranger', 'Stranger@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/user/accountCenter', () => {
  it('refuses anonymous callers', async () => {
    const res = await post(ctx.app, '/rest/user/accountCenter', {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: '401', success: false, msg: '未授权，请重新登录' });
  });

  it('answers the owner their profile, the roles and, from a later session, the previous sign-in', async () => {
    const first = await post(ctx.app, '/rest/user/accountCenter', {}, auth(token));
    expect(first.status).toBe(200);
    const user = await stored();
    expect(first.body.data).toEqual({
      userId: String(user.id),
      username: 'centre',
      realname: '测试centre',
      nickName: null,
      userSex: 0,
      avatar: null,
      phone: '13800000011',
      email: null,
      orgId: null,
      orgName: null,
      unitName: null,
      roles: [{ roleCode: 'APPLICANT', roleName: '申报人' }],
      identityVerified: false,
      createTime: user.createTime.toISOString(),
      lastLoginTime: null,
      userType: 'CLIENT',
    });
    expect(first.body.data).not.toHaveProperty('passwordHash');

    const later = await signInFrom('centre', 'Centre@2026', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1');
    const second = await post(ctx.app, '/rest/user/accountCenter', {}, auth(later));
    expect(second.body.data.lastLoginTime).toEqual(expect.any(String));
    expect(new Date(second.body.data.lastLoginTime).getTime()).toBeLessThan(Date.now());
    await post(ctx.app, '/logout?client_name=form_client', {}, auth(later));
  });
});

describe('POST /rest/user/UpdUserDefault', () => {
  const url = '/rest/user/UpdUserDefault';
  it('refuses anonymous callers and bad input with its message', async () => {
    expect((await post(ctx.app, url, { realname: '张三', userSex: 1 })).status).toBe(401);
    for (const [body, msg] of [
      [{ realname: '张', userSex: 1 }, '真实姓名为2-32个字符'],
      [{ realname: '张'.repeat(33), userSex: 1 }, '真实姓名为2-32个字符'],
      [{ userSex: 1 }, '真实姓名为2-32个字符'],
      [{ realname: '张三', nickName: 'n'.repeat(33), userSex: 1 }, '昵称不能超过32个字符'],
      [{ realname: '张三', userSex: 3 }, '性别只能是 0（保密）、1（男）或 2（女）'],
      [{ realname: '张三', userSex: '1' }, '性别只能是 0（保密）、1（男）或 2（女）'],
    ] as const) {
      const res = await post(ctx.app, url, body, auth(token));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    expect(await stored()).toMatchObject({ realname: '测试centre', nickName: null, userSex: 0 });
  });

  it('stores the profile with the audit fields and answers the updated profile', async () => {
    const before = await stored();
    const res = await post(ctx.app, url, { realname: ' 张三丰 ', nickName: '三丰', userSex: 1 }, auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '保存成功', data: { realname: '张三丰', nickName: '三丰', userSex: 1, username: 'centre' } });
    const after = await stored();
    expect(after).toMatchObject({ realname: '张三丰', nickName: '三丰', userSex: 1, updateBy: 'centre', updateById: before.id, lockVersion: before.lockVersion + 1 });
    // An empty nick name clears it.
    await post(ctx.app, url, { realname: '张三丰', nickName: '', userSex: 2 }, auth(token));
    expect(await stored()).toMatchObject({ nickName: null, userSex: 2 });
    // The owner's own change is in the operation log too, with before and after.
    expect(await lastAccountLog('修改个人资料')).toMatchObject({
      action: 'UPDATE', entityId: String(before.id), username: 'centre',
      before: { realname: '张三丰', nickName: '三丰', userSex: 1 }, after: { realname: '张三丰', nickName: null, userSex: 2 },
    });
  });

  it('keeps the real name of a verified identity', async () => {
    const stranger = await stored('stranger');
    await ctx.database.db.update(sysUser).set({ identityVerified: true }).where(eq(sysUser.id, stranger.id));
    const res = await post(ctx.app, url, { realname: '李四', userSex: 1 }, auth(otherToken));
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('已完成实名认证，真实姓名不可修改，如需更改请联系管理员');
    const same = await post(ctx.app, url, { realname: stranger.realname, nickName: '路人', userSex: 1 }, auth(otherToken));
    expect(same.status).toBe(200);
    expect(await stored('stranger')).toMatchObject({ realname: stranger.realname, nickName: '路人' });
  });
});

describe('avatar', () => {
  const url = '/rest/user/accountCenterAvatar';
  it('refuses anonymous callers, anything but a real PNG, JPEG or WebP, and a mismatch', async () => {
    expect((await post(ctx.app, url, { image: dataUrl('image/png', PNG) })).status).toBe(401);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const image of [
      dataUrl('image/png', html), // an HTML page disguised as a PNG
      dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      dataUrl('image/gif', Buffer.from('GIF89a')),
      'https://example.com/a.png',
      'data:image/png;base64,',
      'data:image/png;base64,@@@',
    ]) {
      const res = await post(ctx.app, url, { image }, auth(token));
      expect(res.status, image.slice(0, 40)).toBe(400);
      expect(res.body).toMatchObject({ code: '400', msg: '头像只能是 PNG、JPEG 或 WebP 图片' });
    }
    const mismatch = await post(ctx.app, url, { image: dataUrl('image/png', JPEG) }, auth(token));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toBe('头像图片的实际格式与声明的不符，请重新选择图片');
    expect(await ctx.database.db.select().from(sysAvatar)).toHaveLength(0);
    expect((await stored()).avatar).toBeNull();
  });

  it('refuses a picture over 512 KB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024, 7)]);
    const res = await post(ctx.app, url, { image: dataUrl('image/png', big) }, auth(token));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: '413', success: false, msg: '头像图片不能超过 512 KB，请缩小后重试' });
    expect(await ctx.database.db.select().from(sysAvatar)).toHaveLength(0);
  });

  it('stores the picture content-addressed, points the user at it and serves it to an <img>', async () => {
    const hash = createHash('sha256').update(PNG).digest('hex');
    const res = await post(ctx.app, url, { image: dataUrl('image/png', PNG) }, auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '0000', msg: '头像已更新', data: { avatar: `/rest/user/avatar/${hash}` } });
    expect(await stored()).toMatchObject({ avatar: `/rest/user/avatar/${hash}`, updateBy: 'centre' });
    expect(await lastAccountLog('更换头像')).toMatchObject({ username: 'centre', before: { avatar: null }, after: { avatar: `/rest/user/avatar/${hash}` } });
    // Someone else uploading the same picture shares the row.
    await post(ctx.app, url, { image: dataUrl('image/png', PNG) }, auth(otherToken));
    const rows = await ctx.database.db.select().from(sysAvatar);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ hash, mime: 'image/png' });

    // No token: an <img> cannot send one.
    const img = await ctx.app.inject({ method: 'GET', url: `/rest/user/avatar/${hash}` });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(token))).body.data.avatar).toBe(`/rest/user/avatar/${hash}`);
  });

  it('accepts JPEG and WebP', async () => {
    for (const [mime, bytes] of [['image/jpeg', JPEG], ['image/webp', WEBP]] as const) {
      const res = await post(ctx.app, url, { image: dataUrl(mime, bytes) }, auth(otherToken));
      expect(res.status, mime).toBe(200);
      const img = await ctx.app.inject({ method: 'GET', url: res.body.data.avatar });
      expect(img.headers['content-type']).toBe(mime);
    }
  });

  it('GET answers 400 for a malformed address and a 404 envelope for an unknown picture', async () => {
    const bad = await get(ctx.app, '/rest/user/avatar/not-a-hash');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: '400', msg: '头像地址不正确' });
    const missing = await get(ctx.app, `/rest/user/avatar/${'0'.repeat(64)}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: '404', success: false, msg: '头像不存在或已被删除', data: null, attributes: {} });
  });
});

describe('my sessions', () => {
  it('refuses anonymous callers', async () => {
    for (const path of ['/rest/user/mySessions', '/rest/user/revokeMySession', '/rest/user/revokeOtherSessions']) {
      expect((await post(ctx.app, path, { sessionId: '1' })).status, path).toBe(401);
    }
  });

  it('lists my live sessions, this device first and marked current', async () => {
    const phone = await signInFrom('centre', 'Centre@2026', 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36');
    const res = await post(ctx.app, '/rest/user/mySessions', {}, auth(token));
    expect(res.status).toBe(200);
    const list = res.body.data as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, loginType: 'ACCOUNT', userAgent: CHROME_MAC, ip: '127.0.0.1' });
    expect(list[1]).toMatchObject({ current: false, userAgent: expect.stringContaining('Android') });
    for (const s of list) expect(Object.keys(s).sort()).toEqual(['createTime', 'current', 'expiresAt', 'ip', 'lastSeenAt', 'loginType', 'sessionId', 'userAgent']);
    await post(ctx.app, '/logout?client_name=form_client', {}, auth(phone));
    expect((await post(ctx.app, '/rest/user/mySessions', {}, auth(token))).body.data).toHaveLength(1);
  });

  it('refuses the current session, an unknown one and another user\'s', async () => {
    const mine = (await post(ctx.app, '/rest/user/mySessions', {}, auth(token))).body.data[0];
    const current = await post(ctx.app, '/rest/user/revokeMySession', { sessionId: mine.sessionId }, auth(token));
    expect(current.status).toBe(400);
    expect(current.body.msg).toBe('不能下线当前设备，如需退出请使用“退出登录”');
    expect((await post(ctx.app, '/rest/user/revokeMySession', { sessionId: 'abc' }, auth(token))).body.msg).toBe('编号格式不正确');

    const theirs = (await post(ctx.app, '/rest/user/mySessions', {}, auth(otherToken))).body.data[0];
    const foreign = await post(ctx.app, '/rest/user/revokeMySession', { sessionId: theirs.sessionId }, auth(token));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: '404', msg: '登录设备不存在或已被删除' });
    expect((await post(ctx.app, '/rest/user/revokeMySession', { sessionId: '999999' }, auth(token))).status).toBe(404);
    // The stranger is still signed in.
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(otherToken))).status).toBe(200);
  });

  it('a revoked other session gets 401 on its next call', async () => {
    const tablet = await signInFrom('centre', 'Centre@2026', 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) Safari/604.1');
    // Used once, so its principal sits in the session cache.
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(tablet))).status).toBe(200);
    const target = (await post(ctx.app, '/rest/user/mySessions', {}, auth(token))).body.data.find((s: { current: boolean }) => !s.current);
    const res = await post(ctx.app, '/rest/user/revokeMySession', { sessionId: target.sessionId }, auth(token));
    expect(res.body).toMatchObject({ code: '0000', msg: '该设备已下线', data: null });
    const after = await post(ctx.app, '/rest/user/accountCenter', {}, auth(tablet));
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('401');
    const [row] = await ctx.database.db.select().from(sysSession).where(eq(sysSession.id, Number(target.sessionId)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    // Revoking it again: it is no longer live.
    expect((await post(ctx.app, '/rest/user/revokeMySession', { sessionId: target.sessionId }, auth(token))).status).toBe(404);
  });

  it('退出其他设备 ends every other session and keeps this one', async () => {
    const a = await signInFrom('centre', 'Centre@2026', 'A');
    const b = await signInFrom('centre', 'Centre@2026', 'B');
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(a))).status).toBe(200);
    const res = await post(ctx.app, '/rest/user/revokeOtherSessions', {}, auth(token));
    expect(res.body).toMatchObject({ code: '0000', data: { count: 2 } });
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(a))).status).toBe(401);
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(b))).status).toBe(401);
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(token))).status).toBe(200);
    expect((await post(ctx.app, '/rest/user/mySessions', {}, auth(token))).body.data).toHaveLength(1);
    expect((await post(ctx.app, '/rest/user/revokeOtherSessions', {}, auth(token))).body).toMatchObject({ data: { count: 0 }, msg: '没有其他登录设备' });
    // Other users keep theirs.
    expect((await post(ctx.app, '/rest/user/accountCenter', {}, auth(otherToken))).status).toBe(200);
  });
});

describe('POST /rest/user/myLoginLog', () => {
  const url = '/rest/user/myLoginLog';
  it('refuses anonymous callers and a bad page size', async () => {
    expect((await post(ctx.app, url, {})).status).toBe(401);
    const res = await post(ctx.app, url, { pageParameter: { pageNum: 1, pageSize: 501 } }, auth(token));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('每页条数必须在1到500之间');
  });

  it('pages my sign-ins, failures included, newest first, and nobody else\'s', async () => {
    const wrong = await post(ctx.app, '/callback?client_name=myform_client', { username: 'centre', password: 'Wrong@2026' }, { 'user-agent': 'Guesser' });
    expect(wrong.status).toBe(401);
    const res = await post(ctx.app, url, { pageParameter: { pageNum: 1, pageSize: 3 } }, auth(token));
    expect(res.status).toBe(200);
    const page = res.body.data;
    // Sign-ins so far: the first, the iPhone, the Android, the iPad, A, B and the failure.
    expect(page).toMatchObject({ total: 7, pageNum: 1, pageSize: 3 });
    expect(page.list).toHaveLength(3);
    expect(page.list[0]).toMatchObject({ success: false, message: '用户名或密码错误', loginType: 'ACCOUNT', userAgent: 'Guesser', ip: '127.0.0.1' });
    expect(page.list[1]).toMatchObject({ success: true, message: '登录成功', userAgent: 'B' });
    expect(Object.keys(page.list[0]).sort()).toEqual(['id', 'ip', 'loginType', 'message', 'success', 'time', 'userAgent']);
    const times = page.list.map((r: { time: string }) => new Date(r.time).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const last = await post(ctx.app, url, { pageParameter: { pageNum: 3, pageSize: 3 } }, auth(token));
    expect(last.body.data.list).toHaveLength(1);
    expect(last.body.data.list[0]).toMatchObject({ success: true, userAgent: CHROME_MAC });
    const theirs = await post(ctx.app, url, {}, auth(otherToken));
    expect(theirs.body.data.total).toBe(1);
  });
});
