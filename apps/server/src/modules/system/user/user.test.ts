import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, ilike, like, sql } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { sysOperLog } from '../../../core/audit';
import { sysFunc } from '../func/tables';
import { sysOrg } from '../org/tables';
import { sysPost, sysUserPost } from '../post/tables';
import { sysRole, sysRoleFunc } from '../role/tables';
import { FEW_MATCHES } from './repo';
import { sysUser, sysUserRole } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let rootOrgId: number;
let branchOrgId: number;
let reviewerRoleId: number;
let postId: number;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const put = async (url: string, body: unknown, headers = admin) => {
  const res = await ctx.app.inject({ method: 'PUT', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: res.statusCode, body: res.json() };
};
const userRow = async (username: string) => (await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];
const lastLog = async (action: string) =>
  (await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'system:user'), eq(sysOperLog.action, action)))).at(-1);
const base = () => ({ id: 0, username: 'wangwu', realname: '王五', phone: '13900000001', email: 'wangwu@example.com', orgId: String(rootOrgId), userSex: 1, empCode: 'E1001', inDate: '2024-01-02', empStatus: 'NORMAL', enableUser: 1 });

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', phone: '13800000001', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
  rootOrgId = (await db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'ROOT')))[0]!.id;
  const [branch] = await db.insert(sysOrg).values({ orgCode: 'BRANCH', orgName: '分部', parentOrgId: rootOrgId, parentOrgIds: String(rootOrgId), ...createdBy(null) }).returning();
  branchOrgId = branch!.id;
  reviewerRoleId = (await db.select().from(sysRole).where(eq(sysRole.roleCode, 'REVIEWER')))[0]!.id;
  const [p] = await db.insert(sysPost).values({ postCode: 'DEV', postName: '开发', ...createdBy(null) }).returning();
  postId = p!.id;
});
afterAll(async () => {
  await ctx.app.close();
});

describe('user routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    const urls = ['/rest/user/getUserPage', '/rest/user/getUserService', '/api/service', '/rest/user/UpdFrozenUser', '/rest/user/DelUser', '/rest/user/getUserRecycle', '/rest/user/UpdReduUser', '/rest/user/DelUserById', '/rest/user/GenerateUserId', '/rest/user/getUserBindRoles', '/rest/user/bindRoles', '/rest/user/export', '/rest/user/importTemplate', '/rest/user/import', '/rest/outUser/detail', '/rest/outUser/update', '/rest/client/UpdUser'];
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
    for (const url of ['/api/user', '/api/role', '/api/service?id=1', '/api/permission/no-pager?userId=1']) {
      expect((await get(ctx.app, url)).status, url).toBe(401);
      expect((await get(ctx.app, url, clerk)).status, url).toBe(403);
    }
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab' }, '用户名为 4 到 32 位字母、数字或下划线'],
      [{ username: 'bad name!' }, '用户名为 4 到 32 位字母、数字或下划线'],
      [{ realname: ' ' }, '请输入姓名'],
      [{ phone: '12345' }, '您的手机号码格式不正确!'],
      [{ email: 'not-mail' }, '请输入正确格式的邮箱!'],
      [{ orgId: null }, '请选择所属机构'],
      [{ orgId: '999999' }, '机构不存在：999999'],
      [{ outDate: '2023-12-31' }, '离职日期不能早于入职日期'],
      [{ empStatus: 'GONE' }, '人员状态只能是 NORMAL 或 LEAVE'],
      [{ password: 'weak' }, '密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种'],
      [{ roleIds: ['999999'] }, '角色不存在：999999'],
      [{ id: 5 }, '新增用户时 id 必须为 0'],
    ];
    for (const [patch, msg] of cases) {
      const res = await call('/api/service', { ...base(), ...patch });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await userRow('wangwu')).toBeUndefined();
  });

  it('duplicates with 409 naming the field', async () => {
    const dup = await call('/api/service', { ...base(), username: 'CLERK' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('用户名已存在，请更换后重试');
    const phone = await call('/api/service', { ...base(), phone: '13800000001' });
    expect(phone.status).toBe(409);
    expect(phone.body.msg).toBe('手机号已存在，请更换后重试');
  });

  it('freezing oneself or the seeded administrator with 400', async () => {
    const adminId = (await userRow('admin'))!.id;
    const res = await call('/rest/user/UpdFrozenUser', { userId: String(adminId), frozen: true });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('不能冻结当前登录的账号');
    const del = await call('/rest/user/DelUser', { userIds: [String(adminId)] });
    expect(del.body.msg).toBe('不能删除当前登录的账号');
  });
});

describe('user administration', () => {
  let userId: string;
  it('creates a staff user with roles, posts and a generated password answered once, logging the change', async () => {
    const res = await call('/api/service', { ...base(), roleIds: [String(reviewerRoleId)], postIds: [String(postId)] });
    expect(res.status).toBe(200);
    expect(res.body.data.generatedPassword).toMatch(/.{16}/);
    userId = res.body.data.userId;
    const row = await userRow('wangwu');
    expect(row).toMatchObject({ realname: '王五', userType: 'STAFF', empCode: 'E1001', inDate: '2024-01-02', orgId: rootOrgId, createBy: 'admin' });
    expect(row!.passwordHash).toMatch(/^\$argon2id/);
    expect(await ctx.database.db.select().from(sysUserPost).where(eq(sysUserPost.userId, row!.id))).toHaveLength(1);
    const logRow = await lastLog('CREATE');
    expect(logRow!.entityId).toBe(userId);
    expect(JSON.stringify(logRow!.after)).not.toContain('argon2');
    // The generated password signs in.
    expect(await signIn(ctx.app, 'wangwu', res.body.data.generatedPassword)).toBeTruthy();
    const empDup = await call('/api/service', { ...base(), username: 'other1', phone: null, email: null });
    expect(empDup.status).toBe(409);
    expect(empDup.body.msg).toContain('工号已存在');
  });

  it('lists with filters, detail, GET forms and permission codes', async () => {
    const page = await call('/rest/user/getUserPage', { pageParameter: { pageNum: 1, pageSize: 10 }, realname: '王', roleId: String(reviewerRoleId) });
    expect(page.body.data.total).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ username: 'wangwu', phone: '13900000001', orgName: expect.any(String), status: 'NORMAL', roles: [{ roleCode: 'REVIEWER' }] });
    const none = await call('/rest/user/getUserPage', { orgId: String(branchOrgId) });
    expect(none.body.data.total).toBe(0);
    const tree = await call('/rest/user/getUserPage', { orgId: String(rootOrgId), includeChildOrgs: true, username: 'wangwu' });
    expect(tree.body.data.total).toBe(1);
    const detail = await call('/rest/user/getUserService', { userId });
    expect(detail.body.data).toMatchObject({ empCode: 'E1001', postIds: [String(postId)], roleIds: [String(reviewerRoleId)], lockVersion: 0 });
    expect(detail.body.data.passwordHash).toBeUndefined();
    expect((await get(ctx.app, `/api/service?id=${userId}`, admin)).body.data.username).toBe('wangwu');
    expect((await get(ctx.app, '/api/user?page=1&size=5&keyword=wangwu', admin)).body.data.total).toBe(1);
    expect((await get(ctx.app, '/api/role', admin)).body.data.map((r: { roleCode: string }) => r.roleCode)).toContain('REVIEWER');
    expect((await get(ctx.app, `/api/permission/no-pager?userId=${userId}`, admin)).body.data).toEqual(['center:main', 'message', 'message:my:list', 'message:my:main']);
  });

  it('updates with the lock version and refuses a stale one with 409', async () => {
    const res = await put('/api/service', { ...base(), id: userId, lockVersion: 0, realname: '王五五', outDate: '2025-01-01', empStatus: 'LEAVE' });
    expect(res.status).toBe(200);
    expect(res.body.data.lockVersion).toBe(1);
    const stale = await put('/api/service', { ...base(), id: userId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect(await userRow('wangwu')).toMatchObject({ realname: '王五五', empStatus: 'LEAVE', outDate: '2025-01-01' });
    expect((await lastLog('UPDATE'))!.before).toMatchObject({ realname: '王五' });
  });

  it("binds roles and lists them with bound flags", async () => {
    const applicant = (await ctx.database.db.select().from(sysRole).where(eq(sysRole.roleCode, 'APPLICANT')))[0]!;
    const bind = await call('/rest/user/bindRoles', { userId, roleIds: [String(applicant.id)] });
    expect(bind.status).toBe(200);
    const roles = await call('/rest/user/getUserBindRoles', { userId });
    const bound = roles.body.data.filter((r: { bound: boolean }) => r.bound).map((r: { roleCode: string }) => r.roleCode);
    expect(bound).toEqual(['APPLICANT']);
    expect(await lastLog('BIND')).toBeTruthy();
  });

  it("a frozen user's open session gets 401 on its next call, and the user cannot sign in", async () => {
    const victim = await createAccount(ctx.database, { username: 'zhaoliu', password: 'Zhao@2026x', roleCodes: ['APPLICANT'] });
    const session = { authorization: await signIn(ctx.app, 'zhaoliu', 'Zhao@2026x') };
    expect((await post(ctx.app, '/rest/theme/get', {}, session)).status).toBe(200);
    const res = await call('/rest/user/UpdFrozenUser', { userId: String(victim.id), frozen: true });
    expect(res.status).toBe(200);
    expect((await post(ctx.app, '/rest/theme/get', {}, session)).status).toBe(401);
    const login = await post(ctx.app, '/callback?client_name=myform_client', { username: 'zhaoliu', password: 'Zhao@2026x' });
    expect(login.status).toBe(403);
    expect(login.body.msg).toBe('账号已被冻结，请联系管理员');
    expect((await lastLog('FREEZE'))!.entityId).toBe(String(victim.id));
    await call('/rest/user/UpdFrozenUser', { userId: String(victim.id), frozen: false });
    expect(await signIn(ctx.app, 'zhaoliu', 'Zhao@2026x')).toBeTruthy();
  });

  it('recycles, refuses a restore when the username was taken, restores, and deletes for good', async () => {
    const session = { authorization: await signIn(ctx.app, 'zhaoliu', 'Zhao@2026x') };
    const victim = (await userRow('zhaoliu'))!;
    const notYet = await call('/rest/user/DelUserById', { userId: String(victim.id) });
    expect(notYet.status).toBe(400);
    expect(notYet.body.msg).toBe('只能彻底删除回收站中的用户，请先删除该用户');
    expect((await call('/rest/user/DelUser', { userIds: [String(victim.id)] })).body.data.deleted).toBe(1);
    expect((await post(ctx.app, '/rest/theme/get', {}, session)).status).toBe(401);
    expect((await call('/rest/user/getUserPage', { username: 'zhaoliu' })).body.data.total).toBe(0);
    expect((await call('/rest/user/getUserRecycle', { keyword: 'zhaoliu' })).body.data.list[0].username).toBe('zhaoliu');

    const squatter = await createAccount(ctx.database, { username: 'ZhaoLiu', password: 'Zhao@2026x' });
    const refused = await call('/rest/user/UpdReduUser', { userIds: [String(victim.id)] });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('用户名“zhaoliu”已被其他用户使用，无法恢复用户 zhaoliu');
    await ctx.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, squatter.id));
    expect((await call('/rest/user/UpdReduUser', { userIds: [String(victim.id)] })).status).toBe(200);
    expect((await userRow('zhaoliu'))!.delFlag).toBe(0);

    await call('/rest/user/DelUser', { userIds: [String(victim.id)] });
    expect((await call('/rest/user/DelUserById', { userId: String(victim.id) })).status).toBe(200);
    expect(await userRow('zhaoliu')).toBeUndefined();
    expect(await ctx.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, victim.id))).toHaveLength(0);
    expect((await lastLog('PURGE'))!.before).toMatchObject({ username: 'zhaoliu' });
  });

  it('suggests an unused username and employee number', async () => {
    const res = await call('/rest/user/GenerateUserId', {});
    expect(res.body.data.username).toMatch(/^u\d{10}$/);
    expect(res.body.data.empCode).toMatch(/^E\d{10}$/);
  });

  it('limits the list to the caller’s data scope', async () => {
    const db = ctx.database.db;
    const [role] = await db.insert(sysRole).values({ roleCode: 'BRANCH_HR', roleName: '分部人事', dataScope: 'ORG', ...createdBy(null) }).returning();
    const [func] = await db.select().from(sysFunc).where(eq(sysFunc.funcCode, 'system:user:list'));
    await db.insert(sysRoleFunc).values({ roleId: role!.id, funcId: func!.id });
    const hr = await createAccount(ctx.database, { username: 'hrbranch', password: 'Hr@2026xx', roleCodes: ['BRANCH_HR'] });
    await db.update(sysUser).set({ orgId: branchOrgId }).where(eq(sysUser.id, hr.id));
    const hrSession = { authorization: await signIn(ctx.app, 'hrbranch', 'Hr@2026xx') };
    const page = await call('/rest/user/getUserPage', { pageParameter: { pageNum: 1, pageSize: 50 } }, hrSession);
    expect(page.body.data.list.map((u: { username: string }) => u.username)).toEqual(['hrbranch']);
  });

  it('lets an administrator see and update a portal (CLIENT) user', async () => {
    const client = (await userRow('clerk'))!;
    const detail = await call('/rest/outUser/detail', { userId: String(client.id) });
    expect(detail.body.data).toMatchObject({ username: 'clerk', userType: 'CLIENT' });
    const res = await call('/rest/client/UpdUser', { userId: String(client.id), lockVersion: detail.body.data.lockVersion, realname: '申报人甲', unitName: '某大学' });
    expect(res.status).toBe(200);
    expect(await userRow('clerk')).toMatchObject({ realname: '申报人甲', unitName: '某大学' });
    const staff = (await userRow('wangwu'))!;
    const wrong = await call('/rest/outUser/detail', { userId: String(staff.id) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('该用户不是外部用户，请在用户管理中维护');
  });
});

describe('user lookup by userIds (spec: answers sysUserList and token)', () => {
  it('refuses outsiders (401/403) and an empty or oversized list (400 with the message)', async () => {
    await expectRefusedToOutsiders(ctx.app, ['/rest/user/getUsersByIds'], clerk);
    const empty = await call('/rest/user/getUsersByIds', { userIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: '400', success: false, msg: '请选择要查询的用户' });
    const many = await call('/rest/user/getUsersByIds', { userIds: Array.from({ length: 501 }, (_, i) => String(i + 1)) });
    expect(many.body.msg).toBe('一次最多查询 500 个用户');
  });

  it('answers the users asked for, in the order asked, leaving out unknown ids, with the caller’s own token', async () => {
    const [clerkRow] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'clerk'));
    const [adminRow] = await ctx.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
    const res = await call('/rest/user/getUsersByIds', { userIds: [String(clerkRow!.id), '999999', String(adminRow!.id), String(clerkRow!.id)] });
    expect(res.status).toBe(200);
    expect(res.body.data.sysUserList.map((u: { username: string }) => u.username)).toEqual(['clerk', 'admin']);
    expect(res.body.data.sysUserList[0]).toMatchObject({ userId: String(clerkRow!.id), createById: null, delFlag: 0 });
    expect(res.body.data.token).toBe(admin.authorization);
  });
});

describe('the user list at size: the same rows, in the same order, whichever way a page is found', () => {
  // Enough accounts that a broad name filter walks the list's order and a narrow one takes its matches first
  // (FEW_MATCHES); sort values and creation times spread so that every key of the order decides somewhere.
  const MANY = FEW_MATCHES + 500;
  beforeAll(async () => {
    await ctx.database.db.execute(sql`
      insert into sys_user (username, password_hash, realname, phone, user_type, status, sort, create_time, update_time, del_flag)
      select 'bulk' || g, 'x', '列表' || case when g % 100 = 0 then '乙' else '甲' end || g, '1770000' || lpad(g::text, 4, '0'), 'CLIENT', 'NORMAL',
        g % 3, timestamp '2025-01-01' + make_interval(hours => g / 2), now(), case when g % 50 = 1 then 1 else 0 end
      from generate_series(1, ${MANY}) g`);
    await ctx.database.db.execute(sql`analyze sys_user`);
  });
  afterAll(async () => {
    await ctx.database.db.delete(sysUser).where(like(sysUser.username, 'bulk%'));
  });

  /** What the list must show: live accounts whose name contains the text, by sort, newest first, id. */
  const expected = async (text: string) =>
    (
      await ctx.database.db
        .select({ username: sysUser.username })
        .from(sysUser)
        .where(and(eq(sysUser.delFlag, 0), ilike(sysUser.realname, `%${text}%`)))
        .orderBy(asc(sysUser.sort), desc(sysUser.createTime), desc(sysUser.id))
    ).map((r) => r.username);
  const page = (filter: object, pageNum: number, pageSize: number) => call('/rest/user/getUserPage', { ...filter, pageParameter: { pageNum, pageSize } });

  it.each([
    ['列表', 'a broad name, walked in the order index'],
    ['列表乙', 'a narrow name, its matches found first'],
    ['乙', 'one character'],
  ])('realname %s (%s): every page as the order says, the total exact', async (text) => {
    const all = await expected(text);
    expect(all.length).toBeGreaterThan(10);
    for (const pageNum of [1, 2, Math.ceil(all.length / 7)]) {
      const res = await page({ realname: text }, pageNum, 7);
      expect(res.body.data.list.map((u: { username: string }) => u.username)).toEqual(all.slice((pageNum - 1) * 7, pageNum * 7));
      expect(res.body.data).toMatchObject({ total: all.length, totalEstimated: false });
    }
    // Past the last page: no rows, the same total.
    const beyond = await page({ realname: text }, Math.ceil(all.length / 7) + 3, 7);
    expect(beyond.body.data).toMatchObject({ list: [], total: all.length });
  });

  it('one or two Han characters: exactly the accounts a LIKE finds, whichever column holds them, narrowed by their characters', async () => {
    // 鸾 and 凤 together but apart, in another order, in the username or the employee number: the characters'
    // index (sys_user_chars_idx) finds candidates holding both; the LIKE decides, as without it.
    await ctx.database.db.execute(sql`
      insert into sys_user (username, password_hash, realname, emp_code, user_type, status, sort, create_time, update_time, del_flag)
      values ('hanA', 'x', '鸾凤和鸣', null, 'CLIENT', 'NORMAL', 0, now(), now(), 0),
             ('hanB', 'x', '凤鸾', null, 'CLIENT', 'NORMAL', 0, now(), now(), 0),
             ('hanC', 'x', '鸾飞凤舞', null, 'CLIENT', 'NORMAL', 0, now(), now(), 0),
             ('han鸾凤', 'x', '张三', null, 'CLIENT', 'NORMAL', 0, now(), now(), 0),
             ('hanE', 'x', '李四', '鸾凤01', 'STAFF', 'NORMAL', 0, now(), now(), 0),
             ('hanF', 'x', '鸾凤', null, 'CLIENT', 'NORMAL', 0, now(), now(), 1)`);
    try {
      const names = async (filter: object) => (await page(filter, 1, 50)).body.data.list.map((u: { username: string }) => u.username).sort();
      expect(await names({ keyword: '鸾凤' })).toEqual(['hanA', 'hanE', 'han鸾凤']);
      expect(await names({ realname: '鸾凤' })).toEqual(['hanA']);
      expect(await names({ realname: '凤' })).toEqual(['hanA', 'hanB', 'hanC']);
      expect(await names({ keyword: '凤鸾' })).toEqual(['hanB']);
      expect(await names({ username: '鸾' })).toEqual(['han鸾凤']);
      expect((await page({ keyword: '鸾凤' }, 1, 2)).body.data).toMatchObject({ total: 3, totalEstimated: false });
    } finally {
      await ctx.database.db.delete(sysUser).where(like(sysUser.username, 'han%'));
    }
  });

  it('a two-character keyword and digits find the same accounts as before', async () => {
    const byKeyword = await page({ keyword: '列表乙' }, 1, 100);
    expect(byKeyword.body.data.list.map((u: { username: string }) => u.username)).toEqual(await expected('列表乙'));
    const byPhone = await page({ phone: '17700000' }, 1, 20);
    const phones = await ctx.database.db
      .select({ username: sysUser.username })
      .from(sysUser)
      .where(and(eq(sysUser.delFlag, 0), like(sysUser.phone, '%17700000%')))
      .orderBy(asc(sysUser.sort), desc(sysUser.createTime), desc(sysUser.id));
    expect(byPhone.body.data.list.map((u: { username: string }) => u.username)).toEqual(phones.slice(0, 20).map((r) => r.username));
    expect(byPhone.body.data.total).toBe(phones.length);
  });
});
