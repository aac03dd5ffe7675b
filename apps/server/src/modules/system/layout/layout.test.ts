import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';

let ctx: TestContext;
let admin: string;
let applicant: string;
const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'applicant', 'Applicant@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('layout administration', () => {
  it('refuses anonymous callers, callers without the code and malformed input', async () => {
    for (const url of ['/rest/layout/query', '/rest/layout/get', '/rest/layout/create', '/rest/layout/update', '/rest/layout/delete']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, applicant)).status, url).toBe(403);
    }
    expect((await post(ctx.app, '/rest/layout/getAvailableLayouts', {})).status).toBe(401);
    const bad = await call('/rest/layout/create', { layoutName: '甲', layoutUiName: 'Top Layout' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('布局标识只能由小写字母、数字和连字符组成，如 cms-layout');
  });

  it('creates, lists, refuses duplicates and stale updates, answers renderable layouts only', async () => {
    const before = await call('/rest/layout/getAvailableLayouts', {}, applicant);
    expect(before.body.data).toEqual([
      { layoutId: null, layoutName: '侧边菜单布局', layoutUiName: 'cms-layout', thumbnail: null },
      { layoutId: null, layoutName: '顶部菜单布局', layoutUiName: 'top-layout', thumbnail: null },
    ]);
    const top = await call('/rest/layout/create', { layoutName: '顶栏', layoutUiName: 'top-layout', thumbnail: '/img/top.png' });
    expect(top.body).toMatchObject({ msg: '新增成功', data: { layoutName: '顶栏', status: 'NORMAL', lockVersion: 0 } });
    await call('/rest/layout/create', { layoutName: '未来', layoutUiName: 'future-layout' });
    const dup = await call('/rest/layout/create', { layoutName: '又一个', layoutUiName: 'top-layout' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('布局标识已存在');

    const available = (await call('/rest/layout/getAvailableLayouts', {})).body.data;
    expect(available.map((l: { layoutName: string }) => l.layoutName)).toEqual(['侧边菜单布局', '顶栏']);
    expect((await call('/rest/layout/query', { pageParameter: { pageNum: 1, pageSize: 10 }, keyword: 'layout' })).body.data.total).toBe(2);

    const id = top.body.data.layoutId;
    const updated = await call('/rest/layout/update', { layoutId: id, lockVersion: 0, layoutName: '顶部', layoutUiName: 'top-layout', status: 'DISABLED' });
    expect(updated.body.data).toMatchObject({ layoutName: '顶部', status: 'DISABLED', lockVersion: 1 });
    expect((await call('/rest/layout/update', { layoutId: id, lockVersion: 0, layoutName: 'x', layoutUiName: 'top-layout' })).status).toBe(409);
    expect((await call('/rest/layout/getAvailableLayouts', {})).body.data[1].layoutName).toBe('顶部菜单布局');
    const [log] = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:layout')).orderBy(desc(sysOperLog.id)).limit(1);
    expect(log).toMatchObject({ action: 'UPDATE', entityId: id });
  });

  it('refuses deleting a layout a theme uses', async () => {
    const cms = await call('/rest/layout/create', { layoutName: '侧边', layoutUiName: 'cms-layout' });
    const refused = await call('/rest/layout/delete', { layoutId: cms.body.data.layoutId });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该布局正在被主题使用，不能删除');
    const future = (await call('/rest/layout/query', { pageParameter: { pageNum: 1, pageSize: 10 }, keyword: 'future' })).body.data.list[0];
    expect((await call('/rest/layout/delete', { layoutId: future.layoutId })).body.msg).toBe('删除成功');
    expect((await call('/rest/layout/get', { layoutId: future.layoutId })).status).toBe(404);
  });
});
