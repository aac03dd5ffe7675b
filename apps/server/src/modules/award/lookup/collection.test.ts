import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { awardCollection } from './tables';

let ctx: TestContext;
let userA: Record<string, string>;
let userB: Record<string, string>;
/** Project ids by name: 收藏测试1…5 with 排序 1…5, and three with 排序 9 told apart by 编号. */
const ids: Record<string, string> = {};

const call = (url: string, body: unknown, headers = userA) => post(ctx.app, url, body, headers);
const toggle = (kind: string, id: string, collected: boolean, headers = userA) => call('/rest/collection/update', { kind, id, collected }, headers);
/** The names of one page of the test projects as `headers` sees it. */
const names = async (headers: Record<string, string>, pageNum = 1, pageSize = 20, extra: Record<string, unknown> = {}) => {
  const res = await call('/rest/lookProject/getpage', { pageParameter: { pageNum, pageSize }, keyword: '收藏测试', ...extra }, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { total: res.body.data.total as number, names: res.body.data.list.map((r: { name: string; collected: boolean }) => (r.collected ? `★${r.name}` : r.name)) };
};

beforeAll(async () => {
  ctx = await createTestApp();
  userA = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'collectorb', password: 'Collect@2026x', roleCodes: ['APPLICANT'] });
  userB = { authorization: await signIn(ctx.app, 'collectorb', 'Collect@2026x') };
  const rows: Array<[string, number, string | null]> = [
    ['收藏测试5', 5, 'SC-5'],
    ['收藏测试3', 3, 'SC-3'],
    ['收藏测试1', 1, 'SC-1'],
    ['收藏测试4', 4, 'SC-4'],
    ['收藏测试2', 2, 'SC-2'],
    ['收藏测试无编号', 9, null],
    ['收藏测试B', 9, 'SC-B'],
    ['收藏测试A', 9, 'SC-A'],
  ];
  for (const [name, sort, code] of rows) {
    const res = await call('/rest/lookProject/insert', { name, sort, code, level: 'NATIONAL' });
    ids[name] = res.body.data.id;
  }
});
afterAll(async () => {
  await ctx.app.close();
});

describe('collection/update refuses', () => {
  it('400 with the exact message for a wrong kind or a missing choice', async () => {
    const cases: Array<[unknown, string]> = [
      [{ kind: 'PRIZE', id: ids['收藏测试1'], collected: true }, '收藏类别不正确'],
      [{ kind: 'PROJECT', id: ids['收藏测试1'] }, '请指明收藏或取消收藏'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/collection/update', body);
      expect(res.status, msg).toBe(400);
      expect(res.body).toMatchObject({ code: '400', success: false, msg });
    }
  });

  it('404 for a missing row and for a row of another kind, storing nothing', async () => {
    const missing = await toggle('PROJECT', '987654321', true);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('计划项目不存在或已被删除');
    const mismatch = await toggle('FUND', ids['收藏测试1']!, true);
    expect(mismatch.status).toBe(404);
    expect(mismatch.body.msg).toBe('基金不存在或已被删除');
    expect(await ctx.database.db.select().from(awardCollection)).toHaveLength(0);
  });
});

describe('favourites', () => {
  it('without favourites the list runs by 排序, then 编号 (none last), then id', async () => {
    expect(await names(userA)).toEqual({
      total: 8,
      names: ['收藏测试1', '收藏测试2', '收藏测试3', '收藏测试4', '收藏测试5', '收藏测试A', '收藏测试B', '收藏测试无编号'],
    });
  });

  it('a user\'s favourites come first in that user\'s list only, and toggling is idempotent', async () => {
    expect((await toggle('PROJECT', ids['收藏测试4']!, true)).body).toMatchObject({ msg: '已收藏', data: { collected: true } });
    expect((await toggle('PROJECT', ids['收藏测试4']!, true)).status).toBe(200);
    await toggle('PROJECT', ids['收藏测试无编号']!, true);
    await toggle('PROJECT', ids['收藏测试2']!, true);
    expect(await ctx.database.db.select().from(awardCollection).where(eq(awardCollection.refId, Number(ids['收藏测试4'])))).toHaveLength(1);

    expect((await names(userA)).names).toEqual(['★收藏测试2', '★收藏测试4', '★收藏测试无编号', '收藏测试1', '收藏测试3', '收藏测试5', '收藏测试A', '收藏测试B']);
    expect((await names(userB)).names).toEqual(['收藏测试1', '收藏测试2', '收藏测试3', '收藏测试4', '收藏测试5', '收藏测试A', '收藏测试B', '收藏测试无编号']);
    expect((await call('/rest/lookProject/getdetail', { id: ids['收藏测试4'] })).body.data.collected).toBe(true);
    expect((await call('/rest/lookProject/getdetail', { id: ids['收藏测试4'] }, userB)).body.data.collected).toBe(false);
  });

  it('pages cut across the favourites and the rest without losing or repeating a row', async () => {
    expect(await names(userA, 1, 2)).toEqual({ total: 8, names: ['★收藏测试2', '★收藏测试4'] });
    expect(await names(userA, 2, 2)).toEqual({ total: 8, names: ['★收藏测试无编号', '收藏测试1'] });
    expect(await names(userA, 3, 2)).toEqual({ total: 8, names: ['收藏测试3', '收藏测试5'] });
    expect(await names(userA, 4, 2)).toEqual({ total: 8, names: ['收藏测试A', '收藏测试B'] });
    expect(await names(userA, 5, 2)).toEqual({ total: 8, names: [] });
    expect(await names(userA, 2, 5)).toEqual({ total: 8, names: ['收藏测试5', '收藏测试A', '收藏测试B'] });
  });

  it('只看收藏 answers the caller\'s favourites only, still filtered', async () => {
    expect(await names(userA, 1, 20, { collectedOnly: true })).toEqual({ total: 3, names: ['★收藏测试2', '★收藏测试4', '★收藏测试无编号'] });
    expect(await names(userA, 2, 2, { collectedOnly: true })).toEqual({ total: 3, names: ['★收藏测试无编号'] });
    expect(await names(userA, 1, 20, { collectedOnly: true, keyword: 'SC-4' })).toEqual({ total: 1, names: ['★收藏测试4'] });
    expect(await names(userB, 1, 20, { collectedOnly: true })).toEqual({ total: 0, names: [] });
  });

  it('an applicant keeps favourites of their own; un-collecting twice is fine', async () => {
    await toggle('PROJECT', ids['收藏测试5']!, true, userB);
    expect((await names(userB, 1, 3)).names).toEqual(['★收藏测试5', '收藏测试1', '收藏测试2']);
    expect((await toggle('PROJECT', ids['收藏测试5']!, false, userB)).body).toMatchObject({ msg: '已取消收藏', data: { collected: false } });
    expect((await toggle('PROJECT', ids['收藏测试5']!, false, userB)).status).toBe(200);
    expect((await names(userB, 1, 1)).names).toEqual(['收藏测试1']);
  });

  it('a favourite of a deleted row stops showing, and it cannot be collected again', async () => {
    const detail = await call('/rest/lookProject/getdetail', { id: ids['收藏测试2'] });
    await call('/rest/lookProject/delete', { id: ids['收藏测试2'], lockVersion: detail.body.data.lockVersion });
    expect(await names(userA, 1, 20, { collectedOnly: true })).toEqual({ total: 2, names: ['★收藏测试4', '★收藏测试无编号'] });
    expect((await names(userA)).total).toBe(7);
    expect((await toggle('PROJECT', ids['收藏测试2']!, true)).status).toBe(404);
  });
});
