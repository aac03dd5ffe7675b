import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ExpertPushProposalPage from './ExpertPushProposalPage';

const expert = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  assignmentId: `a${id}`,
  expertId: id,
  expertName: name,
  unitName: `${name}所在单位`,
  role: 'MAIN',
  alternateRank: 0,
  state: 'PROPOSED',
  locked: false,
  reason: '二级学科相同（430.25），关键词重合 1 个（合金）',
  cost: 60,
  deadline: null,
  pushedAt: null,
  respondedAt: null,
  declineReason: null,
  declineNote: null,
  ...extra,
});

const proposal = (seed: number | null = 42) => ({
  groupId: '5',
  groupName: '材料一组',
  status: 'PROPOSED',
  seed,
  expertsPerDeclaration: 2,
  deadline: '2026-12-20',
  declarations: [
    {
      declarationId: '41', title: '高熵合金制备工艺', registrationNo: 'KJ2026-0001', wanted: 2, assigned: 2, underAssigned: false,
      experts: [expert('1', '张专家'), expert('2', '李专家')],
      alternates: [expert('3', '王专家', { role: 'ALTERNATE', alternateRank: 1, reason: '一级学科相同（430）' })],
      left: [],
    },
    { declarationId: '42', title: '智能电网调度方法', registrationNo: 'KJ2026-0002', wanted: 2, assigned: 1, underAssigned: true, experts: [expert('4', '赵专家')], alternates: [], left: [] },
  ],
  loads: [
    { expertId: '1', expertName: '张专家', unitName: null, load: 1, maxLoad: 3 },
    { expertId: '4', expertName: '赵专家', unitName: null, load: 1, maxLoad: 3 },
  ],
  underAssigned: [{ declarationId: '42', title: '智能电网调度方法', assigned: 1, wanted: 2 }],
  vetoes: [],
});

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/expertPush/getProposal': () => ok(proposal()),
    '/rest/expertPush/propose': (call) => ok(proposal((call.body as { seed?: number }).seed ?? 777)),
    '/rest/expertPush/change': () => ok({ ...proposal(), declarations: proposal().declarations.map((d) => ({ ...d, experts: d.experts.map((e) => (e.expertId === '1' ? { ...e, locked: true } : e)) })) }),
    '/rest/expertPush/push': () => ok({ pushed: 3, declarations: 2, proposal: { ...proposal(), status: 'PUSHED' } }),
    '/rest/expertPush/getExcluded': () => ok({ list: [{ declarationId: '41', title: '高熵合金制备工艺', expertId: '9', expertName: '钱专家', conflicts: [{ kind: 'SAME_UNIT', message: '与完成单位「甲大学」为同一单位' }] }], total: 1, pageNum: 1, pageSize: 10 }),
    '/rest/expertPush/getChanges': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const open = () => renderAtRoute(<ExpertPushProposalPage />, '/award/reviewGroup/expertPushProposal', '/award/reviewGroup/expertPushProposal?id=5');
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('专家分配方案', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:expertPush:list', 'award:expertPush:propose', 'award:expertPush:change', 'award:expertPush:push', 'award:expertPush:log'] }));

  it('shows the seed, each declaration’s experts and alternates, the reasons, and the declarations short of experts', async () => {
    serve();
    open();
    expect(await screen.findByText('随机种子 42')).toBeTruthy();
    expect(screen.getByText('张专家')).toBeTruthy();
    expect(screen.getByText(/候补1/)).toBeTruthy();
    expect(screen.getByText('专家不足 1/2')).toBeTruthy();
    expect(screen.getByText('1 项申报书专家不足')).toBeTruthy();
    // Expanded, every choice says why.
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    expect((await screen.findAllByText('二级学科相同（430.25），关键词重合 1 个（合金）')).length).toBeGreaterThan(0);
    expect(screen.getByText('一级学科相同（430）')).toBeTruthy();
    // The excluded pairs say why too.
    fireEvent.click(screen.getByRole('tab', { name: '回避排除' }));
    expect(await screen.findByText('与完成单位「甲大学」为同一单位')).toBeTruthy();
  });

  it('runs the recorded seed again with 生成分配方案, a new one with 换一个种子', async () => {
    const server = serve();
    open();
    await screen.findByText('随机种子 42');
    fireEvent.click(buttonNamed('生成分配方案')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/propose')).toHaveLength(1));
    expect(server.callsTo('/rest/expertPush/propose')[0]!.body).toEqual({ groupId: '5', seed: 42 });
    await waitFor(() => expect(buttonNamed('换一个种子')!.disabled).toBe(false));
    fireEvent.click(buttonNamed('换一个种子')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/propose')).toHaveLength(2));
    expect(server.callsTo('/rest/expertPush/propose')[1]!.body).toEqual({ groupId: '5' });
    expect(await screen.findByText('随机种子 777')).toBeTruthy();
  });

  it('asks for a reason before a manual change and sends it with the change', async () => {
    const server = serve();
    open();
    await screen.findByText('随机种子 42');
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    const row = (await screen.findAllByText('张专家')).map((el) => el.closest('tr')).find((tr) => tr && within(tr).queryByText('锁定'))!;
    fireEvent.click(within(row).getByText('锁定'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('锁定分配：高熵合金制备工艺')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('请填写调整理由'));
    expect(server.callsTo('/rest/expertPush/change')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '熟悉该方向' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/change')).toHaveLength(1));
    expect(server.callsTo('/rest/expertPush/change')[0]!.body).toEqual({ groupId: '5', action: 'LOCK', declarationId: '41', expertId: '1', reason: '熟悉该方向' });
  });

  it('adds an expert to a declaration short of experts, with the role and the reason', async () => {
    const server = serve();
    open();
    await screen.findByText('随机种子 42');
    const row = screen.getByText('智能电网调度方法').closest('tr')!;
    fireEvent.click(within(row).getByText('添加专家'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加专家：智能电网调度方法')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByText('张专家（1/3）'));
    fireEvent.change(within(dialog).getByLabelText('理由'), { target: { value: '补足专家' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/change')).toHaveLength(1));
    expect(server.callsTo('/rest/expertPush/change')[0]!.body).toEqual({ groupId: '5', action: 'ADD', declarationId: '42', expertId: '1', role: 'MAIN', reason: '补足专家' });
  });

  it('pushes after a confirmation', async () => {
    const server = serve();
    open();
    await screen.findByText('随机种子 42');
    fireEvent.click(buttonNamed('推送')!);
    expect(await screen.findByText('推送 3 人次的评审邀请？')).toBeTruthy();
    expect(server.callsTo('/rest/expertPush/push')).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/push')).toHaveLength(1));
    expect(await screen.findByText('已推送')).toBeTruthy();
  });

  it('shows no propose, change or push controls without those codes', async () => {
    useConsoleStore.setState({ authList: ['award:expertPush:list'] });
    serve();
    open();
    await screen.findByText('随机种子 42');
    expect(buttonNamed('生成分配方案')).toBeNull();
    expect(buttonNamed('推送')).toBeNull();
    expect(screen.queryByText('添加专家')).toBeNull();
  });
});
