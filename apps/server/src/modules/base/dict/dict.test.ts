import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DICTIONARIES } from '../../../db/seed/dicts';
import { and, eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { createMemoryBus } from '../../../core/bus';
import { createTestApp, get, post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { signIn } from '../../../../test/helpers/accounts';
import { baseDict } from './tables';

const bus = createMemoryBus();
let ctx: TestContext;
/** A second instance on the same database and bus, as behind a load balancer. */
let other: DandelionApp;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ bus });
  other = await buildApp({ config: testConfig, database: ctx.database, bus, serveWeb: false });
  await other.ready();
  token = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
});
afterAll(async () => {
  await other.close();
  await ctx.app.close();
});

const values = async (app: DandelionApp, category: string) =>
  (await post(app, '/rest/dict/getdictlists', { dictCategorys: [category] }, { authorization: token })).body.data[category].map((i: { value: string }) => i.value);
/** A change made behind the application's back (SQL by hand): only a refresh makes the cache see it. */
const renameBehindTheApp = (fullCode: string, dictName: string) =>
  ctx.database.db.update(baseDict).set({ dictName }).where(and(eq(baseDict.dictFullCode, fullCode), eq(baseDict.delFlag, 0)));

describe('POST /rest/dict/getdictlists', () => {
  const url = '/rest/dict/getdictlists';

  it('refuses anonymous callers and malformed category lists', async () => {
    expect((await post(ctx.app, url, { dictCategorys: ['ORG_TYPE'] })).status).toBe(401);
    const missing = await post(ctx.app, url, {}, { authorization: token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请提供字典类别列表 dictCategorys');
    const empty = await post(ctx.app, url, { dictCategorys: [] }, { authorization: token });
    expect(empty.body.msg).toBe('请至少提供一个字典类别');
    const injected = await post(ctx.app, url, { dictCategorys: ["ORG_TYPE' or 1=1 --"] }, { authorization: token });
    expect(injected.status).toBe(400);
    expect(injected.body.msg).toBe('字典类别编码只能包含字母、数字和下划线');
  });

  it('answers each category’s items in order, with label and value, and an empty list for an unknown one', async () => {
    const res = await post(ctx.app, url, { dictCategorys: ['ROLE_TYPE', 'ORG_LEVEL', 'NO_SUCH'] }, { authorization: token });
    expect(res.body.code).toBe('0000');
    expect(res.body.data.ROLE_TYPE.map((i: { value: string }) => i.value)).toEqual(['SYS', 'CENTER', 'CLIENT']);
    expect(res.body.data.ROLE_TYPE[0]).toMatchObject({ dictCode: 'SYS', dictName: '系统', label: '系统', value: 'SYS', dictSort: 1 });
    expect(typeof res.body.data.ROLE_TYPE[0].dictId).toBe('string');
    expect(res.body.data.ORG_LEVEL).toHaveLength(4);
    expect(res.body.data.NO_SUCH).toEqual([]);
  });
});

describe('POST /rest/client/getclientdictlist (portal, no sign-in)', () => {
  const url = '/rest/client/getclientdictlist';

  it('refuses a missing or malformed category with 400', async () => {
    for (const [body, msg] of [
      [{}, '请提供字典类别 categoryCode'],
      [{ categoryCode: '' }, '请提供字典类别 categoryCode'],
      [{ categoryCode: 'USER_SEX;drop' }, '字典类别编码只能包含字母、数字和下划线'],
    ] as const) {
      const res = await post(ctx.app, url, body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
  });

  it('answers one category’s values to anonymous callers, without audit fields', async () => {
    const res = await post(ctx.app, url, { categoryCode: 'USER_SEX' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ dictCode: '0', dictName: '保密', label: '保密', value: '0' }),
      expect.objectContaining({ value: '1', label: '男' }),
      expect.objectContaining({ value: '2', label: '女' }),
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['dictCode', 'dictId', 'dictName', 'dictSort', 'label', 'value']);
    expect((await post(ctx.app, url, { categoryCode: 'NO_SUCH' })).body.data).toEqual([]);
  });

  it('limits each address to 120 calls a minute', async () => {
    const from = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 120; i += 1) expect((await post(ctx.app, url, { categoryCode: 'USER_SEX' }, {}, from)).status).toBe(200);
    const limited = await post(ctx.app, url, { categoryCode: 'USER_SEX' }, {}, from);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: '429', msg: '操作过于频繁，请稍后再试' });
    expect((await post(ctx.app, url, { categoryCode: 'USER_SEX' }, {}, { remoteAddress: '203.0.113.10' })).status).toBe(200);
  });
});

describe('the dictionary cache across instances', () => {
  it('serves reads from the cache: a change behind the application’s back is not seen until refreshed', async () => {
    expect((await post(ctx.app, '/rest/client/getclientdictlist', { categoryCode: 'EMP_STATUS' })).body.data[1].label).toBe('离职');
    await renameBehindTheApp('EMP_STATUS|LEAVE', '已离职');
    expect((await post(ctx.app, '/rest/client/getclientdictlist', { categoryCode: 'EMP_STATUS' })).body.data[1].label).toBe('离职');
  });

  it('/rest/dict/refresh on one instance drops the cache on every instance', async () => {
    await values(ctx.app, 'ORG_STATUS');
    await values(other, 'ORG_STATUS');
    await renameBehindTheApp('ORG_STATUS|DISABLED', '已停用');
    const label = async (app: DandelionApp) =>
      (await post(app, '/rest/dict/getdictlists', { dictCategorys: ['ORG_STATUS'] }, { authorization: token })).body.data.ORG_STATUS[1].label;
    expect(await label(ctx.app)).toBe('停用');
    expect(await label(other)).toBe('停用');
    const res = await post(other, '/rest/dict/refresh', {}, { authorization: token });
    // The seeded dictionaries: one category each and their values.
    expect(res.body).toMatchObject({ code: '0000', msg: '缓存已刷新', data: { categories: BASE_DICTIONARIES.length } });
    expect(res.body.data.items).toBe(BASE_DICTIONARIES.reduce((n, d) => n + d.items.length, 0));
    expect(await label(ctx.app)).toBe('已停用');
    expect(await label(other)).toBe('已停用');
  });

  it('a change on one instance is seen at once by another that had the category cached', async () => {
    expect(await values(ctx.app, 'USER_STATUS')).toEqual(['NORMAL', 'FROZEN']);
    const category = (await ctx.database.db.select().from(baseDict).where(eq(baseDict.dictFullCode, 'USER_STATUS')))[0]!;
    const added = await post(other, '/rest/dictItem/add', { parentId: String(category.id), dictCode: 'RECYCLED', dictName: '回收站' }, { authorization: token });
    expect(added.status).toBe(200);
    expect(await values(ctx.app, 'USER_STATUS')).toEqual(['NORMAL', 'FROZEN', 'RECYCLED']);
    await post(ctx.app, '/rest/dictItem/delete', { dictId: added.body.data.dictId }, { authorization: token });
    expect(await values(other, 'USER_STATUS')).toEqual(['NORMAL', 'FROZEN']);
  });
});

describe('the OpenAPI document', () => {
  it('documents every dictionary call with a summary and its request fields', async () => {
    const doc = (await get(ctx.app, '/api-docs/json')).body;
    const paths = ['add', 'edit', 'treeList', 'dictTree', 'delete', 'refresh', 'queryApp', 'treeSort', 'lock', 'detail', 'getdictlists']
      .map((m) => `/rest/dict/${m}`)
      .concat(['add', 'edit', 'listByPage', 'delete', 'deleteBatch', 'export'].map((m) => `/rest/dictItem/${m}`), ['/rest/client/getclientdictlist']);
    for (const path of paths) expect(doc.paths[path]?.post?.summary, path).toBeTruthy();
    expect(JSON.stringify(doc.paths['/rest/dict/treeSort'].post.requestBody)).toContain('orderedIds');
    expect(JSON.stringify(doc.paths['/rest/dict/dictTree'].post.requestBody)).toContain('appCode');
    expect(JSON.stringify(doc.paths['/rest/dictItem/listByPage'].post.responses)).toContain('dictFullCode');
  });
});
