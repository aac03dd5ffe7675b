import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { seedLookups } from './seed';
import { awardLookup } from './tables';

let ctx: TestContext;
let admin: Record<string, string>;
let applicant: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const BASES = ['/rest/lookfunds', '/rest/lookProject', '/rest/origin'];
const fund = (extra: Record<string, unknown> = {}) => ({ name: '测试基金甲', code: 'T-FUND-A', agency: '国家自然科学基金委员会', level: 'NATIONAL', remark: '面上项目', sort: 5, ...extra });
const stored = async (id: string) => (await ctx.database.db.select().from(awardLookup).where(eq(awardLookup.id, Number(id))))[0]!;
const page = (base: string, body: Record<string, unknown> = {}, headers = admin) => call(`${base}/getpage`, { pageParameter: { pageNum: 1, pageSize: 50 }, ...body }, headers);

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'lookupapplicant', password: 'Apply@2026x', roleCodes: ['APPLICANT'] });
  applicant = { authorization: await signIn(ctx.app, 'lookupapplicant', 'Apply@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('lookup routes refuse', () => {
  it('anonymous callers with 401 on every call', async () => {
    for (const base of BASES) {
      for (const m of ['insert', 'getpage', 'updata', 'delete', 'getdetail']) expect((await post(ctx.app, `${base}/${m}`, {})).status, `${base}/${m}`).toBe(401);
    }
    expect((await post(ctx.app, '/rest/collection/update', {})).status).toBe(401);
  });

  it('an applicant may read the lists but not change them (403)', async () => {
    for (const base of BASES) {
      for (const m of ['insert', 'updata', 'delete']) {
        const res = await call(`${base}/${m}`, {}, applicant);
        expect(res.status, `${base}/${m}`).toBe(403);
        expect(res.body.msg).toBe('没有权限执行此操作');
      }
      expect((await page(base, {}, applicant)).status, base).toBe(200);
    }
  });

  it('invalid entries with 400 and the exact message, storing nothing', async () => {
    const before = await ctx.database.db.select().from(awardLookup);
    const cases: Array<[unknown, string]> = [
      [fund({ name: '' }), '请输入名称'],
      [fund({ name: '   ' }), '请输入名称'],
      [{ code: 'X' }, '请输入名称'],
      [fund({ name: '名'.repeat(201) }), '名称不能超过200个字符'],
      [fund({ code: 'C'.repeat(65) }), '编号不能超过64个字符'],
      [fund({ agency: '部'.repeat(129) }), '主管部门不能超过128个字符'],
      [fund({ level: 'GALACTIC' }), '级别不正确'],
      [fund({ sort: -1 }), '排序不能小于0'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/lookfunds/insert', body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
    const search = await call('/rest/origin/getpage', { keyword: 'k'.repeat(65) });
    expect(search.body.msg).toBe('关键词不能超过64个字符');
    expect(await ctx.database.db.select().from(awardLookup)).toHaveLength(before.length);
  });
});

describe('lookup lifecycle', () => {
  let fundId: string;

  it('adds a fund, logs it, and answers it in its own list only', async () => {
    const res = await call('/rest/lookfunds/insert', fund({ remark: '  ', agency: '' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ msg: '新增成功', data: { name: '测试基金甲', code: 'T-FUND-A', agency: null, remark: null, level: 'NATIONAL', sort: 5, collected: false, lockVersion: 0 } });
    fundId = res.body.data.id;
    expect(await stored(fundId)).toMatchObject({ kind: 'FUND', createBy: 'admin', delFlag: 0 });
    const [entry] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:fund'), eq(sysOperLog.entityId, fundId)));
    expect(entry).toMatchObject({ action: 'CREATE', summary: '新增基金「测试基金甲」' });

    expect((await page('/rest/lookfunds', { keyword: '测试基金甲' })).body.data).toMatchObject({ total: 1, list: [{ id: fundId }] });
    expect((await page('/rest/lookProject', { keyword: '测试基金甲' })).body.data.total).toBe(0);
    const other = await call('/rest/lookProject/getdetail', { id: fundId });
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('计划项目不存在或已被删除');
    expect((await call('/rest/lookfunds/getdetail', { id: fundId }, applicant)).body.data).toMatchObject({ name: '测试基金甲', collected: false });
  });

  it('refuses a duplicate code within a kind (409) but not across kinds or among entries without a code', async () => {
    const dup = await call('/rest/lookfunds/insert', fund({ name: '另一个基金' }));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('编号已存在，请更换后重试');
    expect((await call('/rest/lookProject/insert', fund({ name: '同编号的计划项目' }))).status).toBe(200);
    expect((await call('/rest/origin/insert', { name: '无编号来源一' })).body.data).toMatchObject({ code: null, level: 'OTHER', sort: 0 });
    expect((await call('/rest/origin/insert', { name: '无编号来源二', code: '' })).status).toBe(200);
  });

  it('updates under the lock version (409 when stale) and logs before and after', async () => {
    const stale = await call('/rest/lookfunds/updata', { ...fund({ name: '测试基金甲（改）' }), id: fundId, lockVersion: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const wrongKind = await call('/rest/origin/updata', { ...fund(), id: fundId, lockVersion: 0 });
    expect(wrongKind.status).toBe(404);
    const res = await call('/rest/lookfunds/updata', { ...fund({ name: '测试基金甲（改）', level: 'PROVINCIAL' }), id: fundId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { name: '测试基金甲（改）', level: 'PROVINCIAL', lockVersion: 1 } });
    expect(await stored(fundId)).toMatchObject({ name: '测试基金甲（改）', lockVersion: 1, updateBy: 'admin' });
    const [entry] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:fund'), eq(sysOperLog.action, 'UPDATE')));
    expect(entry).toMatchObject({ entityId: fundId, summary: '修改基金「测试基金甲（改）」' });
  });

  it('searches by name or code (wildcards match themselves) and by level', async () => {
    await call('/rest/lookfunds/insert', fund({ name: '百分号%基金', code: 'T_100', level: 'CITY' }));
    expect((await page('/rest/lookfunds', { keyword: 't-fund' })).body.data.list.map((r: { name: string }) => r.name)).toEqual(['测试基金甲（改）']);
    expect((await page('/rest/lookfunds', { keyword: '%' })).body.data.list.map((r: { name: string }) => r.name)).toEqual(['百分号%基金']);
    expect((await page('/rest/lookfunds', { keyword: 'T_' })).body.data.list.map((r: { name: string }) => r.name)).toEqual(['百分号%基金']);
    expect((await page('/rest/lookfunds', { level: 'PROVINCIAL', keyword: '测试' })).body.data.total).toBe(1);
  });

  it('deletes softly (409 when stale), logs it, and the row is gone from list and detail', async () => {
    expect((await call('/rest/lookfunds/delete', { id: fundId, lockVersion: 0 })).status).toBe(409);
    const res = await call('/rest/lookfunds/delete', { id: fundId, lockVersion: 1 });
    expect(res.body).toMatchObject({ msg: '删除成功', data: null });
    expect(await stored(fundId)).toMatchObject({ delFlag: 1 });
    expect((await call('/rest/lookfunds/getdetail', { id: fundId })).status).toBe(404);
    expect((await call('/rest/lookfunds/delete', { id: fundId })).status).toBe(404);
    expect((await page('/rest/lookfunds', { keyword: '测试基金甲' })).body.data.total).toBe(0);
    const [entry] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:fund'), eq(sysOperLog.action, 'DELETE')));
    expect(entry).toMatchObject({ entityId: fundId, summary: '删除基金「测试基金甲（改）」' });
    // The code is free again once its row is deleted.
    expect((await call('/rest/lookfunds/insert', fund({ name: '重新登记的基金' }))).status).toBe(200);
  });
});

describe('seedLookups', () => {
  it('adds the default entries once, keeps what the office deleted deleted, and skips a code in use', async () => {
    // From an installation without lookups, whether or not the database seed already ran it.
    await ctx.database.db.delete(awardLookup);
    await call('/rest/origin/insert', { name: '自行登记的来源', code: '03' });
    await ctx.database.db.transaction((tx) => seedLookups(tx));
    const origins = await page('/rest/origin', { keyword: '计划' });
    expect(origins.body.data.list.map((r: { name: string }) => r.name)).toEqual(['国家计划', '省部委计划']);
    expect((await page('/rest/origin', { keyword: '企业委托' })).body.data.total).toBe(0);
    expect((await page('/rest/lookfunds', { keyword: '国家自然科学基金' })).body.data.list[0]).toMatchObject({ code: 'NSFC', level: 'NATIONAL', createBy: 'system' });

    const national = origins.body.data.list[0];
    await call('/rest/origin/delete', { id: national.id, lockVersion: national.lockVersion });
    const before = await ctx.database.db.select().from(awardLookup);
    await ctx.database.db.transaction((tx) => seedLookups(tx));
    expect(await ctx.database.db.select().from(awardLookup)).toHaveLength(before.length);
  });
});
