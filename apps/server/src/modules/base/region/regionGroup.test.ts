import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseRegionGroup, baseRegionGroupMember } from './tables';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) =>
  ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:region'), eq(sysOperLog.action, action)));
const urls = ['groupPage', 'groupDetail', 'addGroup', 'updateGroup', 'deleteGroup'].map((m) => `/rest/region/${m}`);
const eastChina = { groupCode: 'EAST', groupName: '华东地区', sort: 1, remark: '华东六省一市', regionCodes: ['310000', '320000', '330000'] };

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'clerk', password: 'Clerk@2026x', roleCodes: ['APPLICANT'] });
  clerk = { authorization: await signIn(ctx.app, 'clerk', 'Clerk@2026x') };
});
afterAll(async () => {
  await ctx.app.close();
});

describe('region group routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...eastChina, groupCode: undefined }, '填写内容不能为空'],
      [{ ...eastChina, groupName: ' ' }, '填写内容不能为空'],
      [{ ...eastChina, groupCode: '华东' }, '分组编码只能包含字母、数字和下划线'],
      [{ ...eastChina, regionCodes: undefined }, '请选择分组包含的行政区划'],
      [{ ...eastChina, regionCodes: [] }, '请至少选择一个行政区划'],
      [{ ...eastChina, regionCodes: ['31'] }, '区划代码须为6至12位数字'],
      [{ ...eastChina, regionCodes: ['310000', '999999', '888888'] }, '行政区划不存在：999999、888888'],
    ];
    for (const [body, msg] of cases) {
      const res = await call('/rest/region/addGroup', body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(baseRegionGroup)).toHaveLength(0);
    expect(await ctx.database.db.select().from(baseRegionGroupMember)).toHaveLength(0);
  });
});

describe('region groups', () => {
  let group: { groupId: string; lockVersion: number };

  it('adds a group with its members, logged with them; refuses a taken code with 409', async () => {
    const res = await call('/rest/region/addGroup', eastChina);
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { groupCode: 'EAST', groupName: '华东地区', memberCount: 3, lockVersion: 0 } });
    expect(res.body.data.members.map((m: { regionName: string }) => m.regionName)).toEqual(['上海市', '江苏省', '浙江省']);
    group = res.body.data;
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: group.groupId, summary: '新增区划分组「华东地区」（3 个区划）' });
    expect((log!.after as { members: unknown[] }).members).toHaveLength(3);
    const dup = await call('/rest/region/addGroup', { ...eastChina, groupName: '另一个' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('分组编码「EAST」已存在，请更换后重试');
  });

  it('pages groups with member counts and the first names, filtered by name or code', async () => {
    await call('/rest/region/addGroup', { groupCode: 'PILOT_CITY', groupName: '试点城市', regionCodes: ['330100', '320500'] });
    const all = await call('/rest/region/groupPage', {});
    expect(all.body.data).toMatchObject({ total: 2, pageNum: 1 });
    expect(all.body.data.list[0]).toMatchObject({ groupCode: 'PILOT_CITY', memberCount: 2, memberNames: ['苏州市', '杭州市'] });
    expect(all.body.data.list[0].members).toBeUndefined();
    const byName = await call('/rest/region/groupPage', { groupName: '华东' });
    expect(byName.body.data.list.map((g: { groupCode: string }) => g.groupCode)).toEqual(['EAST']);
    const detail = await call('/rest/region/groupDetail', { groupId: group.groupId });
    expect(detail.body.data.members.map((m: { regionCode: string }) => m.regionCode)).toEqual(['310000', '320000', '330000']);
  });

  it('updates under the lock version, replacing the members; a stale version is refused with 409', async () => {
    const res = await call('/rest/region/updateGroup', { ...eastChina, groupId: group.groupId, lockVersion: 0, groupName: '华东', regionCodes: ['330000', '340000', '340000'] });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { groupName: '华东', memberCount: 2, lockVersion: 1 } });
    expect(res.body.data.members.map((m: { regionName: string }) => m.regionName)).toEqual(['浙江省', '安徽省']);
    const stale = await call('/rest/region/updateGroup', { ...eastChina, groupId: group.groupId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const [log] = await logs('UPDATE');
    expect((log!.before as { memberCount: number }).memberCount).toBe(3);
    expect((log!.after as { memberCount: number }).memberCount).toBe(2);
    // A failed update leaves the members as they were.
    expect((await call('/rest/region/updateGroup', { ...eastChina, groupId: group.groupId, lockVersion: 1, regionCodes: ['777777'] })).status).toBe(400);
    expect((await call('/rest/region/groupDetail', { groupId: group.groupId })).body.data.memberCount).toBe(2);
    group = res.body.data;
  });

  it('deletes a group and its memberships, leaving the regions', async () => {
    expect((await call('/rest/region/deleteGroup', { groupId: group.groupId, lockVersion: 0 })).status).toBe(409);
    const res = await call('/rest/region/deleteGroup', { groupId: group.groupId, lockVersion: 1 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/region/groupDetail', { groupId: group.groupId })).status).toBe(404);
    expect(await ctx.database.db.select().from(baseRegionGroupMember).where(eq(baseRegionGroupMember.groupId, Number(group.groupId)))).toHaveLength(0);
    expect((await post(ctx.app, '/rest/region/path', { regionCode: '340000' })).body.data).toHaveLength(1);
    const [log] = await logs('DELETE');
    expect(log).toMatchObject({ summary: '删除区划分组「华东」' });
  });
});
