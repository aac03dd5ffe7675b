import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { declarationDetail, declarationRow } from '../../../test/declarationFixtures';
import { useConsoleStore } from '../../../api/consoleStore';
import UnitReviewListPage from './UnitReviewListPage';
import FormalReviewListPage from './FormalReviewListPage';
import NominationListPage from './NominationListPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const page = (rows: unknown[]) => (call: FakeCall) => ok({ list: rows, total: rows.length, ...(call.body as { pageParameter: object }).pageParameter });
const REASONS = [{ value: 'LATE', label: '逾期提交', sort: 1, dictItemId: '1', listClass: null, cssClass: null, isDefault: false }];

function serve(extra: Record<string, Route> = {}, detail = declarationDetail()) {
  const server = fakeServer({
    '/rest/declare/getUnitReviewPage': page([declarationRow(detail)]),
    '/rest/auditPrize/getAuditPage': page([declarationRow(detail)]),
    '/rest/declare/getNominationPage': page([declarationRow(detail)]),
    '/rest/declare/detail': () => ok(detail),
    '/rest/declare/getHistory': () => ok([]),
    '/rest/auditPrize/getChanges': () => ok({ returnedAt: '2026-03-12T02:00:00.000Z', changes: [{ section: 'BASIC', field: 'title', before: '旧名称', after: '高效光伏组件关键技术' }, { section: 'COMPLETERS', field: 'completers.1.idNumber', before: null, after: '110105194912310037' }] }),
    '/rest/dict/getdictlists': () => ok({ AWARD_REJECT_REASON: REASONS }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const openReview = async (label = '审核') => {
  await waitFor(() => expect(buttonNamed(label)).toBeTruthy());
  fireEvent.click(buttonNamed(label)!);
  await screen.findByText('申报书');
};

afterEach(() => vi.unstubAllGlobals());

describe('单位审核', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:unitReview:list', 'award:unitReview:approve'] }));

  it('lists what waits, pending only by default, and approves with the declaration’s lockVersion', async () => {
    const server = serve({ '/rest/declare/unitReview': (call) => ok({ ...declarationDetail(), ...(call.body as object), status: 'UNIT_APPROVED' }) });
    renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    expect(await screen.findByText('KJ2026-0001')).toBeTruthy();
    expect(screen.getByText('省能源研究院')).toBeTruthy();
    expect((server.callsTo('/rest/declare/getUnitReviewPage')[0]!.body as { scope: string }).scope).toBe('PENDING');
    await openReview();
    fireEvent.click(buttonNamed('提交审核结果')!);
    await waitFor(() => expect(server.callsTo('/rest/declare/unitReview')).toHaveLength(1));
    expect(server.callsTo('/rest/declare/unitReview')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, decision: 'APPROVE' });
    await waitFor(() => expect(server.callsTo('/rest/declare/getUnitReviewPage').length).toBeGreaterThan(1));
  });

  it('refuses a return without an opinion and sends nothing; with one it sends the opinion', async () => {
    const server = serve({ '/rest/declare/unitReview': () => ok(declarationDetail({ status: 'UNIT_RETURNED' })) });
    renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    await openReview();
    fireEvent.click(screen.getByText('退回修改'));
    fireEvent.click(buttonNamed('提交审核结果')!);
    await waitFor(() => expect(errors()).toContain('请填写审核意见'));
    expect(server.callsTo('/rest/declare/unitReview')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('审核意见'), { target: { value: '请补充盖章页' } });
    fireEvent.click(buttonNamed('提交审核结果')!);
    await waitFor(() => expect(server.callsTo('/rest/declare/unitReview')).toHaveLength(1));
    expect(server.callsTo('/rest/declare/unitReview')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, decision: 'RETURN', opinion: '请补充盖章页' });
  });

  it('on 409 shows the server’s message and reloads the declaration and the list', async () => {
    const server = serve({ '/rest/declare/unitReview': () => refuse(409, '申报书已被他人修改，请刷新后重试') });
    renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    await openReview();
    fireEvent.click(buttonNamed('提交审核结果')!);
    expect(await screen.findByText('申报书已被他人修改，请刷新后重试')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/rest/declare/detail')).toHaveLength(2));
    await waitFor(() => expect(server.callsTo('/rest/declare/getUnitReviewPage')).toHaveLength(2));
  });

  it('hides 审核 without the approve permission, and when the server does not list the action', async () => {
    useConsoleStore.setState({ authList: ['award:unitReview:list'] });
    serve();
    const { unmount } = renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    expect(await screen.findByText('KJ2026-0001')).toBeTruthy();
    expect(buttonNamed('审核')).toBeNull();
    expect(buttonNamed('查看')).toBeTruthy();
    unmount();
    useConsoleStore.setState({ authList: ['award:unitReview:list', 'award:unitReview:approve'] });
    serve({}, declarationDetail({ actions: [] }));
    renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    expect(await screen.findByText('KJ2026-0001')).toBeTruthy();
    expect(buttonNamed('审核')).toBeNull();
  });

  it('decides a pending withdrawal request: refusing needs a reason', async () => {
    const detail = declarationDetail({ actions: ['DECIDE_REVOCATION'], revocationPending: true, revocation: { status: 'PENDING', reason: '项目需调整', opinion: null, requestTime: '2026-03-11T02:00:00.000Z' } });
    const server = serve({ '/rest/result/decideRevocation': () => ok(detail) }, detail);
    renderAtRoute(<UnitReviewListPage />, '/award/unitReview/unitReviewList', '/award/unitReview/unitReviewList');
    expect(await screen.findByText('申请撤回')).toBeTruthy();
    await openReview('办理撤回申请');
    const dialog = (await screen.findByText('办理结果')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText('不同意'));
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(errors()).toContain('请填写不同意的理由'));
    expect(server.callsTo('/rest/result/decideRevocation')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('办理意见'), { target: { value: '已进入评审，不宜撤回' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(server.callsTo('/rest/result/decideRevocation')).toHaveLength(1));
    expect(server.callsTo('/rest/result/decideRevocation')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, approve: false, opinion: '已进入评审，不宜撤回' });
  });
});

describe('提名审核', () => {
  it('同意提名 goes to the nominator’s call', async () => {
    useConsoleStore.setState({ authList: ['award:nomination:list', 'award:nomination:approve'] });
    const detail = declarationDetail({ status: 'UNIT_APPROVED', actions: ['NOMINATE'] });
    const server = serve({ '/rest/declare/nominate': () => ok(declarationDetail({ status: 'NOMINATED' })) }, detail);
    renderAtRoute(<NominationListPage />, '/award/nomination/nominationList', '/award/nomination/nominationList');
    await openReview();
    expect(screen.getByText('同意提名')).toBeTruthy();
    fireEvent.click(buttonNamed('提交审核结果')!);
    await waitFor(() => expect(server.callsTo('/rest/declare/nominate')).toHaveLength(1));
    expect(server.callsTo('/rest/declare/nominate')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, decision: 'APPROVE' });
    expect(server.callsTo('/rest/declare/unitReview')).toHaveLength(0);
  });
});

describe('形式审查', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:formalReview:list', 'award:formalReview:audit'] }));
  const resubmitted = () => declarationDetail({ status: 'NOMINATED', actions: ['FORMAL_REVIEW'], resubmitted: true });

  it('marks a resubmission 已修改 and shows what changed since the return', async () => {
    serve({}, resubmitted());
    renderAtRoute(<FormalReviewListPage />, '/award/formalReview/formalReviewList', '/award/formalReview/formalReviewList');
    expect(await screen.findByText('已修改')).toBeTruthy();
    await openReview('审查');
    fireEvent.click(screen.getByRole('tab', { name: '修改对比' }));
    expect(await screen.findByText('旧名称')).toBeTruthy();
    expect(screen.getByText('主要完成人 第2项 证件号码')).toBeTruthy();
    expect(screen.queryByText('110105194912310037')).toBeNull();
  });

  it('不予受理 requires reasons from the dictionary, then sends them with the checklist', async () => {
    const server = serve({ '/rest/auditPrize/audit': () => ok(declarationDetail({ status: 'NOT_ACCEPTED' })) }, resubmitted());
    renderAtRoute(<FormalReviewListPage />, '/award/formalReview/formalReviewList', '/award/formalReview/formalReviewList');
    await openReview('审查');
    fireEvent.click(screen.getByText('申报书各栏目填写完整'));
    fireEvent.click(screen.getByText('不予受理'));
    await screen.findByText('不予受理理由');
    fireEvent.click(buttonNamed('提交审查结论')!);
    await waitFor(() => expect(errors()).toContain('请选择不予受理理由'));
    expect(server.callsTo('/rest/auditPrize/audit')).toHaveLength(0);
    fireEvent.mouseDown(within(document.querySelector('.ant-drawer')! as HTMLElement).getAllByRole('combobox').at(-1)!);
    fireEvent.click(await screen.findByText('逾期提交'));
    fireEvent.click(buttonNamed('提交审查结论')!);
    await waitFor(() => expect(server.callsTo('/rest/auditPrize/audit')).toHaveLength(1));
    expect(server.callsTo('/rest/auditPrize/audit')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, outcome: 'REJECT', checklist: ['申报书各栏目填写完整'], reasons: ['LATE'] });
  });

  it('限期修改 needs an opinion and sends the working days when set', async () => {
    const server = serve({ '/rest/auditPrize/audit': () => ok(declarationDetail({ status: 'FORMAL_RETURNED' })) }, resubmitted());
    renderAtRoute(<FormalReviewListPage />, '/award/formalReview/formalReviewList', '/award/formalReview/formalReviewList');
    await openReview('审查');
    fireEvent.click(screen.getByText('限期修改'));
    expect(await screen.findByText('默认按届次设置')).toBeTruthy();
    fireEvent.click(buttonNamed('提交审查结论')!);
    await waitFor(() => expect(errors()).toContain('请填写审核意见'));
    fireEvent.change(screen.getByLabelText('修改期限'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('审查意见'), { target: { value: '补充知识产权证明' } });
    fireEvent.click(buttonNamed('提交审查结论')!);
    await waitFor(() => expect(server.callsTo('/rest/auditPrize/audit')).toHaveLength(1));
    expect(server.callsTo('/rest/auditPrize/audit')[0]!.body).toEqual({ declarationId: '41', lockVersion: 3, outcome: 'RETURN_FOR_FIX', opinion: '补充知识产权证明', checklist: [], reasons: [], fixDays: 10 });
  });
});
