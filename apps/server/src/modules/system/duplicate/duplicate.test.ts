import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { sysUser } from '../user/tables';
import { baseTask } from '../../base/scheduler/tables';
import { sysFunc } from '../func/tables';
import { cmsTemplate } from '../../cms/template/tables';
import { sysMsgTemplate } from '../../message/template/tables';

let ctx: TestContext;
let token: string;
let userId: number;
const check = (body: unknown, auth = token) => post(ctx.app, '/rest/common/checkDuplicate', body, auth ? { authorization: auth } : {});

beforeAll(async () => {
  ctx = await createTestApp();
  userId = (await createAccount(ctx.database, { username: 'Checker', password: 'Checker@2026', phone: '13800000001', roleCodes: ['APPLICANT'] })).id;
  token = await signIn(ctx.app, 'Checker', 'Checker@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('POST /rest/common/checkDuplicate', () => {
  it('refuses anonymous callers, unknown tables or fields, and empty values', async () => {
    expect((await check({ tableName: 'user', fieldName: 'username', fieldVal: 'x' }, '')).status).toBe(401);
    for (const body of [
      { tableName: 'sys_user', fieldName: 'password_hash', fieldVal: 'x' },
      { tableName: 'pg_user', fieldName: 'usename', fieldVal: 'x' },
      { tableName: 'user; drop table sys_user', fieldName: 'username', fieldVal: 'x' },
      { tableName: 'user', fieldName: 'constructor', fieldVal: 'x' },
    ]) {
      const res = await check(body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('不支持的重复校验');
    }
    expect((await check({ tableName: 'user', fieldName: 'username', fieldVal: ' ' })).body.msg).toBe('请输入要校验的值');
  });

  it('answers taken or free, ignoring case for usernames, the edited record and deleted rows', async () => {
    expect((await check({ tableName: 'user', tableKey: 'id', fieldName: 'username', fieldVal: 'checker' })).body).toMatchObject({ success: true, msg: '用户名已存在', data: { success: false, message: '用户名已存在' } });
    expect((await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody' })).body.data).toEqual({ success: true, message: '用户名可以使用' });
    expect((await check({ tableName: 'user', fieldName: 'phone', fieldVal: '13800000001', dataId: String(userId) })).body.data.success).toBe(true);
    expect((await check({ tableName: 'phone', fieldName: 'phone', fieldVal: '13800000001' })).body.data).toEqual({ success: false, message: '手机号已存在' });
    await ctx.database.db.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, userId));
    expect((await check({ tableName: 'user', fieldName: 'phone', fieldVal: '13800000001' }, (await signInAdmin()))).body.data.success).toBe(true);
    expect((await check({ tableName: 'menu', fieldName: 'funcCode', fieldVal: 'system:func:list' }, await signInAdmin())).body.data).toEqual({ success: false, message: '权限标识已存在' });
    const [func] = await ctx.database.db.select().from(sysFunc).where(eq(sysFunc.funcCode, 'system:func:list'));
    expect((await check({ tableName: 'button', fieldName: 'func_code', fieldVal: 'system:func:list', dataId: String(func!.id) }, await signInAdmin())).body.data.success).toBe(true);
    for (const [tableName, fieldName, label] of [['role', 'roleCode', '角色编码'], ['post', 'postCode', '岗位编码'], ['organisation', 'orgCode', '机构编码'], ['dictionary', 'dictFullCode', '字典编码'], ['task', 'taskCode', '任务编码']]) {
      expect((await check({ tableName, fieldName, fieldVal: 'NO_SUCH_CODE_X' }, await signInAdmin())).body.data).toEqual({ success: true, message: `${label}可以使用` });
    }
    await ctx.database.db.insert(baseTask).values({ taskCode: 'NIGHTLY_PURGE', taskName: '夜间清理', cron: '0 0 2 * * *', handler: 'purgeLogs' });
    expect((await check({ tableName: 'base_task', fieldName: 'task_code', fieldVal: 'NIGHTLY_PURGE' }, await signInAdmin())).body.data).toEqual({ success: false, message: '任务编码已存在' });
    await ctx.database.db.insert(sysMsgTemplate).values({ templateCode: 'WELCOME', templateName: '欢迎', channel: 'SITE', title: '欢迎', content: '你好' });
    expect((await check({ tableName: 'template', fieldName: 'templateCode', fieldVal: 'WELCOME' }, await signInAdmin())).body.data).toEqual({ success: false, message: '模板编码已存在' });
    await ctx.database.db.insert(cmsTemplate).values({ templateCode: 'NEWS_LIST', templateName: '新闻列表', templateType: 'LIST', componentName: 'ContentList' });
    expect((await check({ tableName: 'cms_template', fieldName: 'template_code', fieldVal: 'NEWS_LIST' }, await signInAdmin())).body.data).toEqual({ success: false, message: '模板编码已存在' });
    expect((await check({ tableName: 'template', fieldName: 'templateCode', fieldVal: 'NEWS_LIST' }, await signInAdmin())).body.data.success).toBe(true);
  });
});

let adminToken: string | undefined;
async function signInAdmin() {
  const { TEST_ADMIN_PASSWORD } = await import('../../../../test/helpers/testDatabase');
  adminToken ??= await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  return adminToken;
}
