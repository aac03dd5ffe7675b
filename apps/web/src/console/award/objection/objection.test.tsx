import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { ObjectionDetail, ObjectionRow } from './api';
import ObjectionListPage from './ObjectionListPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const LIST = '/award/objection/objectionList';

function row(extra: Partial<ObjectionRow> = {}): ObjectionRow {
  return {
    objectionId: '5',
    publicityId: '3',
    publicityTitle: '2026年度拟授奖结果公示',
    declarationId: '70',
    entryTitle: '高熵合金的设计与制备',
    category: 'COMPLETERS',
    subject: '第二完成人未参与研究',
    status: 'RECEIVED',
    receivedAt: '2026-11-20T02:00:00.000Z',
    editionId: '1',
    prizeId: '2',
    registrationNo: null,
    kind: 'PERSON',
    objector: '王五',
    deadline: '2026-12-04',
    overdue: false,
    lockVersion: 1,
    ...extra,
  };
}
const RECEIVED = row();
const INVESTIGATING = row({ objectionId: '6', subject: '论文数据造假', status: 'INVESTIGATING', deadline: '2026-11-01', overdue: true, lockVersion: 3 });

function detail(base: ObjectionRow, handler = true): ObjectionDetail {
  return {
    ...base,
    facts: '第二完成人在项目实施期间在国外访学，未参与任何实验与论文撰写。',
    unitName: null,
    creditCode: null,
    contactPhone: handler ? '13800138000' : null,
    sealFileId: null,
    evidenceFileIds: handler ? ['91'] : [],
    outcomeAction: null,
    outcomeOpinion: null,
    decidedAt: null,
    handler,
    steps: [{ action: 'FILE', fromStatus: null, toStatus: 'RECEIVED', opinion: null, actorName: handler ? '王五' : '（仅处理人可见）', createTime: '2026-11-20T02:00:00.000Z' }],
  };
}

function serve(extra: Record<string, Route> = {}, handler = true) {
  const server = fakeServer({
    '/rest/objection/getObjectionPage': (call) => {
      const body = call.body as { status?: string; overdue?: boolean; pageParameter: object };
      const rows = [RECEIVED, INVESTIGATING]
        .map((r) => (handler ? r : { ...r, objector: '（仅处理人可见）' }))
        .filter((r) => (!body.status || r.status === body.status) && (body.overdue === undefined || r.overdue === body.overdue));
      return ok({ list: rows, total: rows.length, ...body.pageParameter });
    },
    '/rest/objection/detail': (call) => ok(detail((call.body as { objectionId: string }).objectionId === '6' ? INVESTIGATING : RECEIVED, handler)),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('异议处理 list', () => {
  it('shows the objector hidden and only 详情 to a reader without handling rights', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:detail'] });
    serve({}, false);
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    expect(await screen.findByText('第二完成人未参与研究')).toBeTruthy();
    expect(within(rowOf('第二完成人未参与研究')).getByText('（仅处理人可见）')).toBeTruthy();
    for (const label of ['受理', '不予受理', '开始调查', '处理结论']) expect(buttonNamed(label), label).toBeNull();
    fireEvent.click(screen.getByText('第二完成人未参与研究'));
    expect(await screen.findByText('第二完成人在项目实施期间在国外访学，未参与任何实验与论文撰写。')).toBeTruthy();
    expect(screen.queryByText('证明材料1')).toBeNull();
  });

  it('offers each move only in the states it starts from, and marks the overdue deadline', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:accept', 'award:objection:investigate', 'award:objection:decide'] });
    serve();
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    expect(await screen.findByText('第二完成人未参与研究')).toBeTruthy();
    const received = rowOf('第二完成人未参与研究');
    expect(within(received).getByText('王五')).toBeTruthy();
    expect(within(received).queryByText('受理')).toBeTruthy();
    expect(within(received).queryByText('不予受理')).toBeTruthy();
    expect(within(received).queryByText('处理结论')).toBeNull();
    const investigating = rowOf('论文数据造假');
    expect(within(investigating).queryByText('处理结论')).toBeTruthy();
    expect(within(investigating).queryByText('受理')).toBeNull();
    expect(within(investigating).getByText('2026-11-01 已逾期')).toBeTruthy();
  });

  it('不予受理 needs a reason (the contract’s message) and sends it with the lockVersion', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:accept'] });
    const server = serve({ '/rest/objection/reject': () => ok({ ...RECEIVED, status: 'NOT_ACCEPTED' }) });
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    expect(await screen.findByText('第二完成人未参与研究')).toBeTruthy();
    fireEvent.click(within(rowOf('第二完成人未参与研究')).getByText('不予受理'));
    expect(await screen.findByText('不予受理：第二完成人未参与研究')).toBeTruthy();
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent)).toContain('请输入不予受理理由'));
    expect(server.callsTo('/rest/objection/reject')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('不予受理理由'), { target: { value: '与公示项目无关' } });
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/objection/reject')).toHaveLength(1));
    expect(server.callsTo('/rest/objection/reject')[0]!.body).toEqual({ objectionId: '5', lockVersion: 1, opinion: '与公示项目无关' });
  });

  it('处理结论: upheld asks for the action and sends it', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:decide'] });
    const server = serve({ '/rest/objection/decide': () => ok({ ...INVESTIGATING, status: 'UPHELD' }) });
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    expect(await screen.findByText('论文数据造假')).toBeTruthy();
    fireEvent.click(within(rowOf('论文数据造假')).getByText('处理结论'));
    expect(await screen.findByText('处理结论：论文数据造假')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('成立'));
    fireEvent.mouseDown(await screen.findByLabelText('处理措施'));
    fireEvent.click(await screen.findByText('撤销申报（不予授奖）'));
    fireEvent.change(screen.getByLabelText('处理意见'), { target: { value: '经核查数据造假属实' } });
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/objection/decide')).toHaveLength(1));
    expect(server.callsTo('/rest/objection/decide')[0]!.body).toEqual({ objectionId: '6', lockVersion: 3, upheld: true, action: 'REMOVE', opinion: '经核查数据造假属实' });
  });

  it('the detail shows the evidence and the timeline to a handler', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:detail', 'award:objection:accept'] });
    serve();
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    fireEvent.click(await screen.findByText('第二完成人未参与研究'));
    expect(await screen.findByText('证明材料1')).toBeTruthy();
    expect(screen.getByText('13800138000')).toBeTruthy();
    expect(screen.getByText(/提出异议 · 王五/)).toBeTruthy();
  });

  it('处理期限设置 saves the working days with the setting’s lockVersion, refusing 0 with the contract’s message', async () => {
    useConsoleStore.setState({ authList: ['award:objection:list', 'award:objection:setting'] });
    const server = serve({
      '/rest/objection/getSettings': () => ok({ handlingWorkingDays: 10, lockVersion: 0 }),
      '/rest/objection/saveSettings': (call) => ok({ ...(call.body as object), lockVersion: 1 }),
    });
    renderAtRoute(<ObjectionListPage />, LIST, LIST);
    fireEvent.click(await waitFor(() => buttonNamed('处理期限设置')!));
    const input = (await screen.findByLabelText('处理期限')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('10'));
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent)).toContain('处理期限不能少于1个工作日'));
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/objection/saveSettings')).toHaveLength(1));
    expect(server.callsTo('/rest/objection/saveSettings')[0]!.body).toEqual({ handlingWorkingDays: 5, lockVersion: 0 });
  });
});
