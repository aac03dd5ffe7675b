import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { post, createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { signIn } from '../../../../test/helpers/accounts';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { sysOperLog } from '../../../core/audit';
import { baseProcessDef } from './tables';
import { accountWith, twoStepReview } from '../../../../test/kits/progressFixtures';
import { expectRefusedToOutsiders } from '../../../../test/helpers/refusals';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let viewer: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const logs = (action: string) => ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:progress'), eq(sysOperLog.action, action)));
const body = (processCode = 'AUDIT', definition = twoStepReview()) => ({ processCode, processName: '项目审核', remark: '三个阶段', definition });
const urls = ['page', 'versions', 'detail', 'add', 'update', 'publish', 'newVersion', 'delete'].map((m) => `/rest/progress/definition/${m}`);

beforeAll(async () => {
  ctx = await createTestApp();
  // These tests count definitions from none: the seeded declaration process is set aside.
  await ctx.database.db.delete(baseProcessDef);
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  clerk = await accountWith(ctx, 'clerk', { roleCodes: ['APPLICANT'] });
  viewer = await accountWith(ctx, 'viewer', { funcCodes: ['base:progress:list'] });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('definition routes refuse', () => {
  it('anonymous callers with 401 and callers without the code with 403', async () => {
    await expectRefusedToOutsiders(ctx.app, urls, clerk);
  });

  it('each change without its own code, even to a caller who may list', async () => {
    expect((await call('/rest/progress/definition/page', {}, viewer)).status).toBe(200);
    for (const url of ['add', 'update', 'publish', 'newVersion', 'delete'].map((m) => `/rest/progress/definition/${m}`)) {
      expect((await call(url, {}, viewer)).status, url).toBe(403);
    }
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const stage = (kind: string) => ({ code: 'A', name: '甲', kind });
    const cases: Array<[unknown, string]> = [
      [{ ...body(), processCode: '审核' }, '流程编码只能包含字母、数字和下划线，且以字母开头'],
      [{ ...body(), processCode: '' }, '请输入流程编码'],
      [{ ...body(), processName: ' ' }, '请输入流程名称'],
      [{ ...body(), processName: '名'.repeat(65) }, '流程名称不能超过64个字符'],
      [{ ...body(), definition: undefined }, '请填写流程定义'],
      [{ ...body(), definition: { stages: [stage('begin')], transitions: [] } }, '阶段类型只能是 start、normal 或 end'],
      [{ ...body(), definition: { stages: [{ ...stage('start'), limitDays: '三天' }], transitions: [] } }, '时限必须是数字（工作日）'],
      [{ ...body(), definition: { stages: [stage('start')], transitions: [{ from: 'A', to: 'B', action: 'GO', label: '很长很长很长很长很长很长很长很长的名字' }] } }, '动作名称不能超过16个字符'],
    ];
    for (const [input, msg] of cases) {
      const res = await call('/rest/progress/definition/add', input);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call('/rest/progress/definition/page', { status: 'LIVE' })).body.msg).toBe('状态只能是 DRAFT、ACTIVE 或 RETIRED');
    expect(await ctx.database.db.select().from(baseProcessDef)).toHaveLength(0);
  });
});

describe('definition administration', () => {
  let v1: { defId: string; lockVersion: number };

  it('adds a code as draft version 1, even when incomplete, listing what stops it being published', async () => {
    const incomplete = { stages: twoStepReview().stages, transitions: [] };
    const res = await call('/rest/progress/definition/add', body('AUDIT', incomplete));
    expect(res.body).toMatchObject({ code: '0000', msg: '新增成功', data: { processCode: 'AUDIT', processName: '项目审核', version: 1, status: 'DRAFT', lockVersion: 0, createBy: 'admin', instanceCount: 0 } });
    expect(res.body.data.problems).toEqual(['阶段「待提交」没有流出动作，流程会停在这里', '阶段「审核」从开始阶段无法到达', '阶段「审核」没有流出动作，流程会停在这里', '阶段「完成」从开始阶段无法到达']);
    v1 = res.body.data;
    const [log] = await logs('CREATE');
    expect(log).toMatchObject({ entityId: v1.defId, username: 'admin', summary: '新增流程「项目审核」v1' });
    const dup = await call('/rest/progress/definition/add', body('AUDIT'));
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('流程编码「AUDIT」已存在，请更换后重试');
  });

  it('refuses to publish an invalid draft with 400, the first problem as message and all of them in attributes', async () => {
    const res = await call('/rest/progress/definition/publish', { defId: v1.defId, lockVersion: 0 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('阶段「待提交」没有流出动作，流程会停在这里');
    expect(res.body.attributes.problems).toHaveLength(4);
    expect((await call('/rest/progress/definition/detail', { defId: v1.defId })).body.data.status).toBe('DRAFT');
  });

  it('updates a draft with the lock version and refuses a stale one with 409', async () => {
    const res = await call('/rest/progress/definition/update', { ...body(), processName: '项目审核流程', defId: v1.defId, lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '修改成功', data: { processName: '项目审核流程', lockVersion: 1, problems: [], stageCount: 3, transitionCount: 3 } });
    const stale = await call('/rest/progress/definition/update', { ...body(), defId: v1.defId, lockVersion: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    for (const url of ['publish', 'delete']) {
      const old = await call(`/rest/progress/definition/${url}`, { defId: v1.defId, lockVersion: 0 });
      expect(old.status, url).toBe(409);
      expect(old.body.msg).toBe('数据已被他人修改，请刷新后重试');
    }
    const [log] = await logs('UPDATE');
    expect(log!.before).toMatchObject({ processName: '项目审核' });
    expect(log!.after).toMatchObject({ processName: '项目审核流程' });
    expect((await call('/rest/progress/definition/detail', { defId: '99999' })).status).toBe(404);
  });

  it('publishes a sound draft; a published version is never edited', async () => {
    const res = await call('/rest/progress/definition/publish', { defId: v1.defId, lockVersion: 1 });
    expect(res.body).toMatchObject({ msg: '发布成功', data: { status: 'ACTIVE', version: 1, lockVersion: 2 } });
    const [log] = await logs('PUBLISH');
    expect(log).toMatchObject({ summary: '发布流程「项目审核流程」v1' });
    const edit = await call('/rest/progress/definition/update', { ...body(), defId: v1.defId, lockVersion: 2 });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('「项目审核流程」v1已发布，不能修改；请使用「新版本」复制后修改');
    const again = await call('/rest/progress/definition/publish', { defId: v1.defId, lockVersion: 2 });
    expect(again.body.msg).toBe('「项目审核流程」v1不是草稿，不能发布');
  });

  it('copies a published version into the next draft, one draft at a time; publishing it retires the old one', async () => {
    const res = await call('/rest/progress/definition/newVersion', { defId: v1.defId });
    expect(res.body).toMatchObject({ msg: '已创建新版本', data: { version: 2, status: 'DRAFT', processName: '项目审核流程', lockVersion: 0 } });
    expect(res.body.data.definition).toEqual(twoStepReview());
    const second = await call('/rest/progress/definition/newVersion', { defId: v1.defId });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('流程「项目审核流程」已有草稿 v2，请先修改或发布它');
    const fromDraft = await call('/rest/progress/definition/newVersion', { defId: res.body.data.defId });
    expect(fromDraft.body.msg).toBe('「项目审核流程」v2是草稿，直接修改即可');

    const published = await call('/rest/progress/definition/publish', { defId: res.body.data.defId, lockVersion: 0 });
    expect(published.body.data).toMatchObject({ status: 'ACTIVE', version: 2 });
    const versions = await call('/rest/progress/definition/versions', { processCode: 'AUDIT' });
    expect(versions.body.data.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([[2, 'ACTIVE'], [1, 'RETIRED']]);
    const [retire] = await logs('RETIRE');
    expect(retire).toMatchObject({ entityId: v1.defId, summary: '停用流程「项目审核流程」v1（由 v2 取代）' });
    expect((await logs('PUBLISH')).map((l) => l.summary)).toContain('发布流程「项目审核流程」v2，v1 停用');
  });

  it('pages one row per code with its newest version and version summary, filtered by code, name and status', async () => {
    await call('/rest/progress/definition/add', { ...body('EXPERT'), processName: '专家评审' });
    const page = await call('/rest/progress/definition/page', { pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(page.body.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    const byCode = Object.fromEntries(page.body.data.list.map((r: { processCode: string }) => [r.processCode, r]));
    expect(byCode.AUDIT).toMatchObject({ version: 2, status: 'ACTIVE', versionCount: 2, activeVersion: 2, draftVersion: null });
    expect(byCode.EXPERT).toMatchObject({ version: 1, status: 'DRAFT', versionCount: 1, activeVersion: null, draftVersion: 1 });
    expect((await call('/rest/progress/definition/page', { processName: '专家' })).body.data.list.map((r: { processCode: string }) => r.processCode)).toEqual(['EXPERT']);
    expect((await call('/rest/progress/definition/page', { processCode: 'aud' })).body.data.total).toBe(1);
    // With a status, a code shows its newest version of that status.
    const retired = await call('/rest/progress/definition/page', { status: 'RETIRED' });
    expect(retired.body.data.list.map((r: { processCode: string; version: number }) => [r.processCode, r.version])).toEqual([['AUDIT', 1]]);
    expect(page.body.data.list[0]).not.toHaveProperty('definition');
  });

  it('deletes a draft; refuses a published version instances ran on; never gives a version number twice', async () => {
    const active = (await call('/rest/progress/definition/versions', { processCode: 'AUDIT' })).body.data[0];
    await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'PROJECT:1' });
    const used = await call('/rest/progress/definition/delete', { defId: active.defId, lockVersion: active.lockVersion });
    expect(used.status).toBe(409);
    expect(used.body.msg).toBe('「项目审核流程」v2已有 1 个流程实例，不能删除；可发布新版本取代它');

    const draft = (await call('/rest/progress/definition/newVersion', { defId: active.defId })).body.data;
    expect(draft.version).toBe(3);
    const res = await call('/rest/progress/definition/delete', { defId: draft.defId, lockVersion: 0 });
    expect(res.body).toMatchObject({ code: '0000', msg: '删除成功' });
    expect((await call('/rest/progress/definition/detail', { defId: draft.defId })).status).toBe(404);
    const [log] = await logs('DELETE');
    expect(log).toMatchObject({ entityId: draft.defId, summary: '删除流程「项目审核流程」v3' });
    expect((await call('/rest/progress/definition/newVersion', { defId: active.defId })).body.data.version).toBe(4);

    // A retired version no instance used may go.
    const retired = (await call('/rest/progress/definition/versions', { processCode: 'AUDIT' })).body.data.find((v: { status: string }) => v.status === 'RETIRED');
    expect((await call('/rest/progress/definition/delete', { defId: retired.defId, lockVersion: retired.lockVersion })).body.code).toBe('0000');
    expect((await call('/rest/progress/definition/versions', { processCode: 'AUDIT' })).body.data.map((v: { version: number }) => v.version)).toEqual([4, 2]);
  });
});
