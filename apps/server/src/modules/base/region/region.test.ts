import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createMemoryBus } from '../../../core/bus';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, get, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseRegion } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

const bus = createMemoryBus();
let ctx: TestContext;
let other: DandelionApp;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) =>
  ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:region'), eq(sysOperLog.action, action)));
const idOf = async (code: string) => String((await ctx.database.db.select().from(baseRegion).where(and(eq(baseRegion.regionCode, code), eq(baseRegion.delFlag, 0))))[0]!.id);
const names = (list: Array<{ regionName: string }>) => list.map((r) => r.regionName);

const adminUrls = ['tree', 'search', 'detail', 'add', 'update', 'delete'].map((m) => `/rest/region/${m}`);

beforeAll(async () => {
  ctx = await createTestApp({ bus });
  other = await buildApp({ config: testConfig, database: ctx.database, bus, serveWeb: false });
  await other.ready();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await other.close();
  await ctx.app.close();
});

describe('region routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403 on the administration calls', async () => {
    await expectRefusedToOutsiders(ctx.app, adminUrls, clerk);
  });

  it('invalid input with 400 and the exact message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ regionName: '新区' }, '填写内容不能为空'],
      [{ regionCode: '330199' }, '填写内容不能为空'],
      [{ regionCode: '33A199', regionName: '新区' }, '区划代码须为6至12位数字'],
      [{ regionCode: '3301', regionName: '新区' }, '区划代码须为6至12位数字'],
      [{ regionCode: '330199', regionName: '新'.repeat(65) }, '区划名称不能超过64个字符'],
      [{ regionCode: '330199', regionName: '新区', parentCode: 'abc' }, '上级区划代码须为6至12位数字'],
      [{ regionCode: '330199', regionName: '新区', parentCode: '999999' }, '上级区划「999999」不存在'],
      [{ regionCode: '330199', regionName: '新区', sort: -2 }, '排序不能小于0'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/region/add', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toBe(msg);
    }
    expect((await call('/rest/region/search', {})).body.msg).toBe('请输入区划名称或代码');
    expect((await post(ctx.app, '/rest/region/children', { parentCode: '12;drop' })).body.msg).toBe('上级区划代码须为6至12位数字');
    const unknown = await post(ctx.app, '/rest/region/children', { parentCode: '999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('行政区划「999999」不存在或已被删除');
  });
});

describe('region reads', () => {
  it('the portal reads children by code without signing in: provinces first, then a province’s cities', async () => {
    const provinces = await post(ctx.app, '/rest/region/children', {});
    expect(provinces.status).toBe(200);
    expect(provinces.body.data).toHaveLength(34);
    expect(provinces.body.data[0]).toEqual({ regionCode: '110000', regionName: '北京市', regionLevel: 1, isLeaf: false });
    const cities = await post(ctx.app, '/rest/region/children', { parentCode: '330000' });
    expect(names(cities.body.data).slice(0, 3)).toEqual(['杭州市', '宁波市', '温州市']);
    const counties = await post(ctx.app, '/rest/region/children', { parentCode: '330100' });
    expect(counties.body.data.find((c: { regionCode: string }) => c.regionCode === '330106')).toEqual({ regionCode: '330106', regionName: '西湖区', regionLevel: 3, isLeaf: true });
  });

  it('the portal reads a stored code’s path, the province first', async () => {
    const res = await post(ctx.app, '/rest/region/path', { regionCode: '330106' });
    expect(res.body.data).toEqual([
      { regionCode: '330000', regionName: '浙江省', regionLevel: 1 },
      { regionCode: '330100', regionName: '杭州市', regionLevel: 2 },
      { regionCode: '330106', regionName: '西湖区', regionLevel: 3 },
    ]);
    expect((await post(ctx.app, '/rest/region/path', { regionCode: '999999' })).status).toBe(404);
  });

  it('the administration tree loads one level at a time, each row saying whether it has children', async () => {
    const top = await call('/rest/region/tree', {});
    expect(top.body.data).toHaveLength(34);
    expect(top.body.data[0]).toMatchObject({ regionCode: '110000', regionName: '北京市', regionLevel: 1, hasChildren: true, parentId: null, parentCode: null, lockVersion: 0 });
    const zj = await call('/rest/region/tree', { parentId: await idOf('330000') });
    expect(zj.body.data[0]).toMatchObject({ regionName: '杭州市', parentCode: '330000', hasChildren: true });
  });

  it('searches by name or code with the full name and path codes, paged', async () => {
    const byName = await call('/rest/region/search', { keyword: '西湖' });
    const xihu = byName.body.data.list.find((r: { regionCode: string }) => r.regionCode === '330106');
    expect(xihu).toMatchObject({ regionName: '西湖区', fullName: '浙江省 / 杭州市 / 西湖区', pathCodes: ['330000', '330100', '330106'], parentCode: '330100', hasChildren: false });
    const byCode = await call('/rest/region/search', { keyword: '3301' });
    expect(byCode.body.data.total).toBeGreaterThan(10);
    expect(byCode.body.data.list[0]).toMatchObject({ regionCode: '330100', fullName: '浙江省 / 杭州市' });
    const paged = await call('/rest/region/search', { keyword: '区', pageParameter: { pageNum: 2, pageSize: 5 } });
    expect(paged.body.data).toMatchObject({ pageNum: 2, pageSize: 5 });
    expect(paged.body.data.list).toHaveLength(5);
    expect((await call('/rest/region/search', { keyword: '%' })).body.data.total).toBe(0);
  });

  it('details carry the parent path (the form’s cascader value)', async () => {
    const res = await call('/rest/region/detail', { regionId: await idOf('330106') });
    expect(res.body.data).toMatchObject({ regionName: '西湖区', parentPath: ['330000', '330100'], parentCode: '330100', fullName: '浙江省 / 杭州市 / 西湖区', hasChildren: false });
  });
});

describe('region administration', () => {
  let town: { regionId: string; lockVersion: number };

  it('adds a township under a county: level from the parent, sorted last, logged; the cached children of every instance see it', async () => {
    expect(names((await post(other, '/rest/region/children', { parentCode: '330106' })).body.data)).toEqual([]);
    const res = await call('/rest/region/add', { parentCode: '330106', regionCode: '330106001', regionName: '北山街道', remark: '测试' });
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { regionCode: '330106001', regionLevel: 4, parentCode: '330106', sort: 1, remark: '测试', createBy: 'admin' } });
    town = res.body.data;
    const log = (await logs('CREATE')).find((l) => l.entityId === town.regionId);
    expect(log).toMatchObject({ summary: '新增行政区划「北山街道」（330106001）', username: 'admin' });
    expect(names((await post(other, '/rest/region/children', { parentCode: '330106' })).body.data)).toEqual(['北山街道']);
    expect((await post(other, '/rest/region/children', { parentCode: '330100' })).body.data.find((c: { regionCode: string }) => c.regionCode === '330106').isLeaf).toBe(false);

    const dup = await call('/rest/region/add', { parentCode: '330106', regionCode: '330106001', regionName: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('区划代码「330106001」已被「北山街道」使用，请更换后重试');
    const village = await call('/rest/region/add', { parentCode: '330106001', regionCode: '330106001001', regionName: '某社区' });
    expect(village.body.data.regionLevel).toBe(5);
    const tooDeep = await call('/rest/region/add', { parentCode: '330106001001', regionCode: '330106001002', regionName: '太深' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.msg).toBe('行政区划最多 5 级（省、市、县、乡镇、村）');
  });

  it('updates with the lock version, refusing a stale one with 409', async () => {
    const res = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 0, parentCode: '330106', regionCode: '330106001', regionName: '北山', sort: 3, remark: null });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { regionName: '北山', sort: 3, lockVersion: 1 } });
    const stale = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 0, parentCode: '330106', regionCode: '330106001', regionName: '北山街道' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const taken = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 1, parentCode: '330106', regionCode: '330106', regionName: '北山' });
    expect(taken.status).toBe(409);
    const log = (await logs('UPDATE')).find((l) => l.entityId === town.regionId);
    expect(log!.before).toMatchObject({ regionName: '北山街道' });
    expect(log!.after).toMatchObject({ regionName: '北山' });
    town = res.body.data;
  });

  it('moves a subtree to another parent (levels follow), never under itself', async () => {
    const underSelf = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 1, parentCode: '330106001001', regionCode: '330106001', regionName: '北山' });
    expect(underSelf.status).toBe(400);
    expect(underSelf.body.msg).toBe('不能把行政区划移到它自己或它的下级之下');
    const tooDeep = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 1, parentCode: '330108', regionCode: '330106001', regionName: '北山' });
    expect(tooDeep.status).toBe(200); // county → county: same depth
    expect(tooDeep.body.data).toMatchObject({ parentCode: '330108', regionLevel: 4 });
    const toCity = await call('/rest/region/update', { regionId: town.regionId, lockVersion: 2, parentCode: '330100', regionCode: '330106001', regionName: '北山' });
    expect(toCity.body.data).toMatchObject({ regionLevel: 3, parentCode: '330100' });
    const village = (await call('/rest/region/detail', { regionId: await idOf('330106001001') })).body.data;
    expect(village).toMatchObject({ regionLevel: 4, parentPath: ['330000', '330100', '330106001'] });
    expect((await logs('MOVE')).length).toBe(2);
    town = toCity.body.data;
  });

  it('refuses to delete a region with children or in a group, saying why; deletes a leaf', async () => {
    const withChildren = await call('/rest/region/delete', { regionId: town.regionId });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('「北山」下还有 1 个下级区划，请先删除下级区划');
    expect((await call('/rest/region/delete', { regionId: await idOf('330000') })).body.msg).toBe('「浙江省」下还有 11 个下级区划，请先删除下级区划');
    const villageId = await idOf('330106001001');
    const group = await call('/rest/region/addGroup', { groupCode: 'PILOT', groupName: '试点社区', regionCodes: ['330106001001'] });
    expect(group.status).toBe(200);
    const inGroup = await call('/rest/region/delete', { regionId: villageId });
    expect(inGroup.status).toBe(409);
    expect(inGroup.body.msg).toBe('「某社区」仍属于区划分组「试点社区」，请先从分组中移除');
    await call('/rest/region/deleteGroup', { groupId: group.body.data.groupId });

    expect((await call('/rest/region/delete', { regionId: villageId, lockVersion: 7 })).status).toBe(409);
    // Moving an ancestor shifted its level, not its lock version: nobody's form of it went stale.
    const res = await call('/rest/region/delete', { regionId: villageId, lockVersion: 0 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/region/detail', { regionId: villageId })).status).toBe(404);
    const log = (await logs('DELETE')).find((l) => l.entityId === villageId);
    expect(log).toMatchObject({ summary: '删除行政区划「某社区」（330106001001）' });
    expect(names((await post(other, '/rest/region/children', { parentCode: '330106001' })).body.data)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents every region call with a summary', async () => {
    const doc = (await get(ctx.app, '/api-docs/json')).body;
    const calls = ['children', 'path', 'tree', 'search', 'detail', 'add', 'update', 'delete', 'groupPage', 'groupDetail', 'addGroup', 'updateGroup', 'deleteGroup'];
    for (const m of calls) expect(doc.paths[`/rest/region/${m}`]?.post?.summary, m).toBeTruthy();
  });
});
