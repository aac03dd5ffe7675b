import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { sysIcon } from './tables';

let ctx: TestContext;
let admin: string;
let applicant: string;
const call = (url: string, body: unknown, token = admin) => post(ctx.app, url, body, { authorization: token });
const STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>星</title><path d="m12 2 3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z" fill="red"/><circle cx="1" cy="1" r="1"/><path d="M1 1h2"/></svg>';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD);
  await createAccount(ctx.database, { username: 'applicant', password: 'Applicant@2026', roleCodes: ['APPLICANT'] });
  applicant = await signIn(ctx.app, 'applicant', 'Applicant@2026');
});
afterAll(async () => {
  await ctx.app.close();
});

describe('custom icons', () => {
  it('refuses anonymous callers and callers without the code', async () => {
    for (const url of ['/rest/icon/list', '/rest/icon/add', '/rest/icon/update', '/rest/icon/delete']) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      expect((await call(url, {}, applicant)).status, url).toBe(403);
    }
  });

  it('refuses SVGs that could run code or fetch something, and SVGs without paths', async () => {
    const cases: Array<[string, string]> = [
      ['<svg viewBox="0 0 24 24"><script>alert(1)</script><path d="M0 0h1"/></svg>', '图标文件包含不允许的内容：脚本'],
      ['<svg viewBox="0 0 24 24" onload="alert(1)"><path d="M0 0h1"/></svg>', '图标文件包含不允许的内容：事件属性'],
      ['<svg viewBox="0 0 24 24"><a href="javascript:alert(1)"><path d="M0 0h1"/></a></svg>', '图标文件包含不允许的内容：javascript: 链接'],
      ['<svg viewBox="0 0 24 24"><foreignObject><div/></foreignObject><path d="M0 0h1"/></svg>', '图标文件包含不允许的内容：foreignObject'],
      ['<svg viewBox="0 0 24 24"><use xlink:href="https://evil.example/x.svg#a"/></svg>', '图标文件包含不允许的内容：外部引用'],
      ['<svg viewBox="0 0 24 24"><circle r="3"/></svg>', '图标文件中没有可用的路径'],
      ['<div>not svg</div>', '请上传 SVG 格式的图标'],
    ];
    for (const [svg, msg] of cases) {
      const res = await call('/rest/icon/add', { iconName: 'bad', svg });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(sysIcon)).toHaveLength(0);
  });

  it('stores only path data and viewBox, answers it in init, refuses a duplicate name and a stale update', async () => {
    const res = await call('/rest/icon/add', { iconName: 'star', svg: STAR });
    expect(res.body).toMatchObject({ code: '0000', msg: '上传成功', data: { iconName: 'star', viewBox: '0 0 24 24', pathContent: 'M12 2 3 7h7l-6 4 2 7-6-4-6 4 2-7-6-4h7z M1 1h2', lockVersion: 0 } });
    const [row] = await ctx.database.db.select().from(sysIcon);
    expect(row!.pathContent).not.toMatch(/[<>"=]/);
    const [log] = await ctx.database.db.select().from(sysOperLog).where(eq(sysOperLog.module, 'system:icon')).orderBy(desc(sysOperLog.id)).limit(1);
    expect(log).toMatchObject({ action: 'CREATE', entityId: res.body.data.iconId });

    const dup = await call('/rest/icon/add', { iconName: 'star', svg: STAR });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('图标名称已存在');

    const init = await call('/rest/index/init', {});
    expect(init.body.data.icons).toEqual([{ iconId: res.body.data.iconId, name: 'star', pathContent: res.body.data.pathContent, viewBox: '0 0 24 24' }]);

    const renamed = await call('/rest/icon/update', { iconId: res.body.data.iconId, iconName: 'star2', lockVersion: 0 });
    expect(renamed.body.data).toMatchObject({ iconName: 'star2', lockVersion: 1 });
    const stale = await call('/rest/icon/update', { iconId: res.body.data.iconId, iconName: 'star3', lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect((await call('/rest/icon/delete', { iconId: res.body.data.iconId })).body.msg).toBe('删除成功');
    expect((await call('/rest/icon/list', {})).body.data).toEqual([]);
  });
});
