import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProcessDefinition } from '@dandelion/shared/base/progress';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { DefDetail, DefListItem, InstanceDetail, ProcessInstance } from './api';
import ProgressMainPage from './ProgressMainPage';

const PATH = '/base/progress/progressMain';
const audit = (n: Partial<DefListItem>): DefListItem => ({
  defId: '1', processCode: 'AUDIT', processName: '项目审核', version: 1, status: 'ACTIVE', remark: null, stageCount: 3, transitionCount: 3,
  createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', updateTime: '2026-03-01T02:30:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 2,
  versionCount: 1, activeVersion: 1, draftVersion: null, ...n,
});
const DRAFT = audit({ defId: '2', processCode: 'EXPERT', processName: '专家评审', status: 'DRAFT', lockVersion: 3, activeVersion: null, draftVersion: 1 });
const ACTIVE = audit({});
const definition: ProcessDefinition = {
  stages: [
    { code: 'DRAFT', name: '待提交', kind: 'start', limitDays: 2 },
    { code: 'AUDIT', name: '审核', kind: 'normal', limitDays: 3 },
    { code: 'DONE', name: '完成', kind: 'end', limitDays: null },
  ],
  transitions: [
    { from: 'DRAFT', to: 'AUDIT', action: 'SUBMIT', label: '提交', roles: ['APPLICANT'], permissions: [], commentRequired: false },
    { from: 'AUDIT', to: 'DONE', action: 'PASS', label: '通过', roles: ['REVIEWER'], permissions: [], commentRequired: false },
    { from: 'AUDIT', to: 'DRAFT', action: 'RETURN', label: '退回', roles: ['REVIEWER'], permissions: [], commentRequired: true },
  ],
};
const instance = (n: Partial<ProcessInstance> = {}): ProcessInstance => ({
  instanceId: '31', defId: '1', processCode: 'AUDIT', processName: '项目审核', version: 1, businessKey: 'PROJECT:7', title: '重点研发项目',
  currentStage: 'AUDIT', currentStageName: '审核', status: 'RUNNING', stageEnteredAt: '2026-03-02T01:00:00.000Z', dueAt: '2026-03-05T15:59:59.999Z', overdue: true,
  createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', updateTime: '2026-03-02T01:00:00.000Z', updateBy: 'zhang', createById: null, updateById: null, delFlag: 0, lockVersion: 1, ...n,
});
const history = (): InstanceDetail['history'] => [
  { historyId: '1', action: 'START', actionLabel: '发起', fromStage: null, fromStageName: null, toStage: 'DRAFT', toStageName: '待提交', comment: null, actorId: '1', actorName: '系统管理员', createTime: '2026-03-01T02:30:00.000Z' },
  { historyId: '2', action: 'SUBMIT', actionLabel: '提交', fromStage: 'DRAFT', fromStageName: '待提交', toStage: 'AUDIT', toStageName: '审核', comment: '请审核', actorId: '7', actorName: '张三', createTime: '2026-03-02T01:00:00.000Z' },
];

function serve(routes: Record<string, (call: FakeCall) => FakeReply> = {}) {
  const server = fakeServer({
    '/rest/progress/definition/page': (call) => ok({ list: [DRAFT, ACTIVE], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/progress/instance/page': (call) => ok({ list: [instance()], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const rowButton = (text: string, label: string) => within(rowOf(text)).queryAllByRole('button').find((b) => b.textContent === label) ?? null;

beforeEach(() => useConsoleStore.setState({ authList: ['base:progress:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('definitions tab', () => {
  it('shows the list alone without the action codes, and no instances tab', async () => {
    serve();
    renderAtRoute(<ProgressMainPage />, PATH, PATH);
    expect(await screen.findByText('专家评审')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '流程实例' })).toBeNull();
    for (const label of ['新增', '修改', '发布', '新版本', '删除']) expect(buttonNamed(label), label).toBeNull();
    expect(within(rowOf('专家评审')).getByText('草稿')).toBeTruthy();
    expect(within(rowOf('项目审核')).getByText('生效中')).toBeTruthy();
    expect(within(rowOf('专家评审')).getByText('未发布')).toBeTruthy();
  });

  it('offers 修改 and 发布 on a draft, 查看 and 新版本 on a published version; 发布 asks first and sends the lock version', async () => {
    useConsoleStore.setState({ authList: ['base:progress:list', 'base:progress:upd', 'base:progress:publish', 'base:progress:add'] });
    const server = serve({ '/rest/progress/definition/publish': (call) => ok({ ...DRAFT, ...(call.body as object), status: 'ACTIVE' }, '发布成功') });
    renderAtRoute(<ProgressMainPage />, PATH, PATH);
    await screen.findByText('专家评审');
    expect(rowButton('专家评审', '修改')).toBeTruthy();
    expect(rowButton('专家评审', '新版本')).toBeNull();
    expect(rowButton('项目审核', '修改')).toBeNull();
    expect(rowButton('项目审核', '查看')).toBeTruthy();
    expect(rowButton('项目审核', '新版本')).toBeTruthy();

    fireEvent.click(rowButton('专家评审', '发布')!);
    expect(await screen.findByText('确定发布「专家评审」v1吗？')).toBeTruthy();
    expect(server.callsTo('/rest/progress/definition/publish')).toHaveLength(0);
    fireEvent.click(within(document.querySelector('.ant-popover') as HTMLElement).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(server.callsTo('/rest/progress/definition/publish')).toHaveLength(1));
    expect(server.callsTo('/rest/progress/definition/publish')[0]!.body).toEqual({ defId: '2', lockVersion: 3 });
    expect(await screen.findByText('发布成功')).toBeTruthy();
  });

  it('新版本 copies the published version and opens the copy in the editor', async () => {
    useConsoleStore.setState({ authList: ['base:progress:list', 'base:progress:add'] });
    const copy: DefDetail = { ...ACTIVE, defId: '8', version: 2, status: 'DRAFT', lockVersion: 0, definition, problems: [], instanceCount: 0 };
    const server = serve({
      '/rest/progress/definition/newVersion': () => ok(copy, '已创建新版本'),
      '/rest/progress/definition/detail': (call) => ok((call.body as { defId: string }).defId === '8' ? copy : { ...copy, ...ACTIVE }),
    });
    renderAtRoute(<ProgressMainPage />, PATH, PATH);
    await screen.findByText('项目审核');
    fireEvent.click(rowButton('项目审核', '新版本')!);
    await waitFor(() => expect(server.callsTo('/rest/progress/definition/newVersion')).toHaveLength(1));
    expect(server.callsTo('/rest/progress/definition/newVersion')[0]!.body).toEqual({ defId: '1' });
    expect(await screen.findByText('修改流程：项目审核 v2')).toBeTruthy();
    expect(await screen.findByText('已创建 v2 草稿')).toBeTruthy();
  });
});

describe('instances tab', () => {
  const detail = (n: Partial<ProcessInstance> = {}, steps = history()): InstanceDetail => ({ instance: instance(n), definition, history: steps });

  function serveInstance(extra: Record<string, (call: FakeCall) => FakeReply> = {}) {
    let current = detail();
    const server = serve({
      '/rest/progress/instance/detail': () => ok(current),
      '/rest/progress/instance/actions': () =>
        ok(current.instance.status === 'RUNNING' && current.instance.currentStage === 'AUDIT'
          ? [{ action: 'PASS', label: '通过', to: 'DONE', toName: '完成', commentRequired: false }, { action: 'RETURN', label: '退回', to: 'DRAFT', toName: '待提交', commentRequired: true }]
          : []),
      '/rest/progress/instance/act': (call) => {
        const body = call.body as { action: string; comment: string };
        current = detail({ currentStage: 'DRAFT', currentStageName: '待提交', lockVersion: 2, overdue: false, dueAt: '2026-03-09T15:59:59.999Z' }, [
          ...history(),
          { historyId: '3', action: body.action, actionLabel: '退回', fromStage: 'AUDIT', fromStageName: '审核', toStage: 'DRAFT', toStageName: '待提交', comment: body.comment, actorId: '1', actorName: '系统管理员', createTime: '2026-03-03T01:00:00.000Z' },
        ]);
        return ok(current.instance, '办理成功');
      },
      ...extra,
    });
    return server;
  }

  beforeEach(() => useConsoleStore.setState({ authList: ['base:progress:list', 'base:progress:instance'] }));

  async function openInstance() {
    renderAtRoute(<ProgressMainPage />, PATH, PATH);
    fireEvent.click(await screen.findByRole('tab', { name: '流程实例' }));
    expect(await screen.findByText('PROJECT:7')).toBeTruthy();
    fireEvent.click(rowButton('PROJECT:7', '办理')!);
    await screen.findByText('流程实例：重点研发项目');
    await waitFor(() => expect(document.querySelector('[data-current]')).toBeTruthy());
  }

  it('filters by overdue as a boolean', async () => {
    const server = serveInstance();
    renderAtRoute(<ProgressMainPage />, PATH, PATH);
    fireEvent.click(await screen.findByRole('tab', { name: '流程实例' }));
    await screen.findByText('PROJECT:7');
    fireEvent.change(screen.getByLabelText('业务标识'), { target: { value: 'PROJECT' } });
    fireEvent.mouseDown(screen.getByLabelText('期限'));
    fireEvent.click(await screen.findByTitle('已超期'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/progress/instance/page').at(-1)!.body).toEqual({ businessKey: 'PROJECT', overdue: true, pageParameter: { pageNum: 1, pageSize: 10 } }));
  });

  it('shows the diagram with the current stage highlighted, the overdue deadline in red and the history', async () => {
    serveInstance();
    await openInstance();
    expect([...document.querySelectorAll('[data-current]')].map((g) => g.getAttribute('data-stage'))).toEqual(['AUDIT']);
    expect([...document.querySelectorAll('[data-taken]')].map((g) => g.getAttribute('data-edge'))).toEqual(['DRAFT->AUDIT']);
    const due = screen.getAllByText('2026-03-05 23:59（已超期）');
    expect(due.some((el) => el.closest('.ant-typography-danger'))).toBe(true);
    expect(document.querySelectorAll('[data-history]')).toHaveLength(2);
    expect(screen.getByText('意见：请审核')).toBeTruthy();
  });

  it('wants the comment a transition requires before sending; acting moves the highlight and adds the step', async () => {
    const server = serveInstance();
    await openInstance();
    fireEvent.click(buttonNamed('退回')!);
    expect(await screen.findByText('「退回」必须填写意见')).toBeTruthy();
    expect(server.callsTo('/rest/progress/instance/act')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('办理意见'), { target: { value: '材料不全' } });
    expect(await screen.findByText('4 / 1000')).toBeTruthy(); // the count follows the state the button reads
    fireEvent.click(buttonNamed('退回')!);
    await waitFor(() => expect(server.callsTo('/rest/progress/instance/act')).toHaveLength(1));
    expect(server.callsTo('/rest/progress/instance/act')[0]!.body).toEqual({ instanceId: '31', lockVersion: 1, action: 'RETURN', comment: '材料不全' });
    await waitFor(() => expect([...document.querySelectorAll('[data-current]')].map((g) => g.getAttribute('data-stage'))).toEqual(['DRAFT']));
    expect(await screen.findByText('意见：材料不全')).toBeTruthy();
    expect(screen.getByText('您在当前阶段没有可办理的动作')).toBeTruthy();
  });

  it('shows a refusal (someone else acted first) in place', async () => {
    const server = serveInstance({ '/rest/progress/instance/act': () => refuse(409, '数据已被他人修改，请刷新后重试') });
    await openInstance();
    fireEvent.click(buttonNamed('通过')!);
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(server.callsTo('/rest/progress/instance/detail').length).toBeGreaterThan(1);
  });

  it('terminates with a reason', async () => {
    const server = serveInstance({ '/rest/progress/instance/terminate': (call) => ok(instance({ status: 'TERMINATED', ...(call.body as object) }), '流程已终止') });
    await openInstance();
    fireEvent.click(buttonNamed('终止流程')!);
    const dialog = (await screen.findByText(/终止后流程停在「审核」/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '终止' }));
    expect(await within(dialog).findByText('请填写终止原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('终止原因'), { target: { value: '申报人撤回' } });
    expect(await within(dialog).findByText('5 / 1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '终止' }));
    await waitFor(() => expect(server.callsTo('/rest/progress/instance/terminate')).toHaveLength(1));
    expect(server.callsTo('/rest/progress/instance/terminate')[0]!.body).toEqual({ instanceId: '31', lockVersion: 1, reason: '申报人撤回' });
  });
});
