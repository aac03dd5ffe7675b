import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { post, createTestApp, type TestContext } from '../../../../test/helpers/testApp';
import { signIn } from '../../../../test/helpers/accounts';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createWorkingDayCalendar, beijingDate, endOfBeijingDay } from '../calendar/service';
import { sysOperLog } from '../../../core/audit';
import { baseProcessHistory, baseProcessInstance } from './tables';
import { accountWith, twoStepReview } from '../../../../test/kits/progressFixtures';

let ctx: TestContext;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let lister: Record<string, string>;
/** May open the instance tab, holds the REVIEWER role. */
let reviewer: Record<string, string>;
/** May open the instance tab, holds no role of the process. */
let bystander: Record<string, string>;

const call = (url: string, body: unknown, headers = admin) => post(ctx.app, url, body, headers);
const urls = ['page', 'detail', 'actions', 'start', 'act', 'terminate'].map((m) => `/rest/progress/instance/${m}`);
const INSTANCE = ['base:progress:instance'];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  clerk = await accountWith(ctx, 'clerk', { roleCodes: ['APPLICANT'] });
  lister = await accountWith(ctx, 'lister', { funcCodes: ['base:progress:list'] });
  reviewer = await accountWith(ctx, 'reviewer', { funcCodes: INSTANCE, roleCodes: ['REVIEWER'] });
  bystander = await accountWith(ctx, 'bystander', { funcCodes: INSTANCE });
  const draft = await call('/rest/progress/definition/add', { processCode: 'AUDIT', processName: '项目审核', definition: twoStepReview() });
  await call('/rest/progress/definition/publish', { defId: draft.body.data.defId, lockVersion: 0 });
});
afterAll(async () => {
  await ctx.app.close();
});

describe('instance routes refuse', () => {
  it('anonymous callers with 401 and callers without base:progress:instance with 403', async () => {
    for (const url of urls) {
      expect((await post(ctx.app, url, {})).status, url).toBe(401);
      for (const who of [clerk, lister]) {
        const denied = await call(url, {}, who);
        expect(denied.status, url).toBe(403);
        expect(denied.body.msg).toBe('没有权限执行此操作');
      }
    }
  });

  it('invalid input with 400 and the exact message, storing nothing', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['start', { processCode: 'AUDIT' }, '请输入业务标识'],
      ['start', { processCode: 'AUDIT', businessKey: 'K'.repeat(129) }, '业务标识不能超过128个字符'],
      ['start', { processCode: '审核', businessKey: 'P:1' }, '流程编码只能包含字母、数字和下划线，且以字母开头'],
      ['act', { instanceId: '1', lockVersion: 0 }, '请选择动作'],
      ['act', { instanceId: '1', action: 'PASS', lockVersion: 0, comment: '长'.repeat(1001) }, '意见不能超过1000个字符'],
      ['act', { instanceId: '1', action: 'PASS' }, '缺少版本号 lockVersion'],
      ['terminate', { instanceId: '1', lockVersion: 0 }, '请填写终止原因'],
      ['page', { status: 'DONE' }, '状态只能是 RUNNING、COMPLETED 或 TERMINATED'],
      ['page', { overdue: 'yes' }, '是否超期必须是布尔值'],
      ['detail', { instanceId: 'abc' }, '编号格式不正确'],
    ];
    for (const [name, body, msg] of cases) {
      const res = await call(`/rest/progress/instance/${name}`, body);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await ctx.database.db.select().from(baseProcessInstance)).toHaveLength(0);
  });

  it('a start on a code with no ACTIVE version with 409, and a missing instance with 404', async () => {
    const res = await call('/rest/progress/instance/start', { processCode: 'NOPE', businessKey: 'P:1' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('流程「NOPE」没有生效的版本，请先发布');
    const missing = await call('/rest/progress/instance/detail', { instanceId: '99999' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('流程实例不存在或已被删除');
  });
});

describe('instances', () => {
  let instanceId: string;

  it('starts an instance on the ACTIVE version, with its first deadline, and refuses a second one for the key', async () => {
    const res = await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'PROJECT:7', title: '重点研发项目' });
    expect(res.body).toMatchObject({ code: '0000', msg: '流程已发起', data: { processCode: 'AUDIT', processName: '项目审核', version: 1, businessKey: 'PROJECT:7', title: '重点研发项目', currentStage: 'DRAFT', currentStageName: '待提交', status: 'RUNNING', overdue: false, lockVersion: 0, createBy: 'admin' } });
    instanceId = res.body.data.instanceId;
    // The start stage has 2 working days, counted from today's Beijing date on the holiday calendar.
    const due = endOfBeijingDay(await createWorkingDayCalendar({ db: ctx.database.db }).addWorkingDays(beijingDate(new Date(res.body.data.stageEnteredAt)), 2));
    expect(res.body.data.dueAt).toBe(due.toISOString());
    const again = await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'PROJECT:7' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('业务「PROJECT:7」已有进行中的流程，不能重复发起');
  });

  it('answers each caller the actions their roles and permissions allow', async () => {
    const forAdmin = await call('/rest/progress/instance/actions', { instanceId });
    expect(forAdmin.body.data).toEqual([{ action: 'SUBMIT', label: '提交', to: 'AUDIT', toName: '审核', commentRequired: false }]);
    expect((await call('/rest/progress/instance/actions', { instanceId }, reviewer)).body.data).toEqual([]);
  });

  it('refuses an action the caller\'s roles do not allow with 403, and a stale lock version with 409', async () => {
    const denied = await call('/rest/progress/instance/act', { instanceId, action: 'SUBMIT', lockVersion: 0 }, bystander);
    expect(denied.status).toBe(403);
    expect(denied.body.msg).toBe('您没有在「待提交」办理「提交」的权限');
    const res = await call('/rest/progress/instance/act', { instanceId, action: 'SUBMIT', comment: '请审核', lockVersion: 0 });
    expect(res.body).toMatchObject({ msg: '办理成功', data: { currentStage: 'AUDIT', currentStageName: '审核', lockVersion: 1, updateBy: 'admin' } });
    const stale = await call('/rest/progress/instance/act', { instanceId, action: 'PASS', lockVersion: 0 }, reviewer);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    const missingComment = await call('/rest/progress/instance/act', { instanceId, action: 'RETURN', lockVersion: 1 }, reviewer);
    expect(missingComment.status).toBe(400);
    expect(missingComment.body.msg).toBe('「退回」必须填写意见');
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:progress'), eq(sysOperLog.action, 'ACT')));
    expect(log).toMatchObject({ entityId: instanceId, username: 'admin', summary: 'PROJECT:7：待提交 —提交→ 审核' });
  });

  it('shows the detail: the instance, its version\'s stages and transitions, and the history', async () => {
    expect((await call('/rest/progress/instance/actions', { instanceId }, reviewer)).body.data.map((a: { action: string }) => a.action)).toEqual(['PASS', 'RETURN']);
    const res = await call('/rest/progress/instance/detail', { instanceId }, reviewer);
    expect(res.body.data.instance).toMatchObject({ instanceId, currentStage: 'AUDIT' });
    expect(res.body.data.definition).toEqual(twoStepReview());
    expect(res.body.data.history).toEqual([
      expect.objectContaining({ action: 'START', actionLabel: '发起', fromStage: null, toStage: 'DRAFT', toStageName: '待提交', actorName: '系统管理员', comment: null }),
      expect.objectContaining({ action: 'SUBMIT', actionLabel: '提交', fromStageName: '待提交', toStageName: '审核', comment: '请审核' }),
    ]);
  });

  it('completes on an end stage when a reviewer passes it', async () => {
    const res = await call('/rest/progress/instance/act', { instanceId, action: 'PASS', lockVersion: 1 }, reviewer);
    expect(res.body.data).toMatchObject({ status: 'COMPLETED', currentStage: 'DONE', dueAt: null });
    const [last] = await ctx.database.db.select().from(baseProcessHistory).where(and(eq(baseProcessHistory.instanceId, Number(instanceId)), eq(baseProcessHistory.action, 'PASS')));
    expect(last).toMatchObject({ fromStage: 'AUDIT', toStage: 'DONE', actorName: '测试reviewer' });
    const after = await call('/rest/progress/instance/act', { instanceId, action: 'PASS', lockVersion: 2 });
    expect(after.status).toBe(409);
    expect(after.body.msg).toBe('流程已完成，不能再办理');
  });

  it('terminates a running instance with a reason, under the lock version', async () => {
    const started = (await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'PROJECT:8', title: '撤回的项目' })).body.data;
    const stale = await call('/rest/progress/instance/terminate', { instanceId: started.instanceId, reason: '撤回', lockVersion: 5 });
    expect(stale.status).toBe(409);
    const blank = await call('/rest/progress/instance/terminate', { instanceId: started.instanceId, reason: ' ', lockVersion: 0 });
    expect(blank.body.msg).toBe('请填写终止原因');
    const res = await call('/rest/progress/instance/terminate', { instanceId: started.instanceId, reason: '申报人撤回', lockVersion: 0 }, bystander);
    expect(res.body).toMatchObject({ msg: '流程已终止', data: { status: 'TERMINATED', currentStage: 'DRAFT', lockVersion: 1 } });
    const [log] = await ctx.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'base:progress'), eq(sysOperLog.action, 'TERMINATE')));
    expect(log).toMatchObject({ username: 'bystander', summary: '终止流程「项目审核」：PROJECT:8（申报人撤回）' });
  });

  it('pages instances filtered by process, status, business key, title and overdue', async () => {
    const late = (await call('/rest/progress/instance/start', { processCode: 'AUDIT', businessKey: 'PROJECT:9', title: '逾期项目' })).body.data;
    await ctx.database.db.update(baseProcessInstance).set({ dueAt: new Date(Date.now() - 60_000) }).where(eq(baseProcessInstance.id, Number(late.instanceId)));
    const page = (body: object) => call('/rest/progress/instance/page', { pageParameter: { pageNum: 1, pageSize: 10 }, ...body });
    const keys = async (body: object) => (await page(body)).body.data.list.map((i: { businessKey: string }) => i.businessKey);
    expect((await page({})).body.data).toMatchObject({ total: 3, pageNum: 1 });
    expect(await keys({})).toEqual(['PROJECT:9', 'PROJECT:8', 'PROJECT:7']);
    expect(await keys({ status: 'COMPLETED' })).toEqual(['PROJECT:7']);
    expect(await keys({ businessKey: 'ject:8' })).toEqual(['PROJECT:8']);
    expect(await keys({ title: '逾期' })).toEqual(['PROJECT:9']);
    expect(await keys({ processCode: 'OTHER' })).toEqual([]);
    const overdue = await page({ overdue: true });
    expect(overdue.body.data.list).toEqual([expect.objectContaining({ businessKey: 'PROJECT:9', overdue: true, currentStageName: '待提交', processName: '项目审核' })]);
  });
});
