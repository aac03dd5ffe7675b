import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ExpertTaskListPage from './ExpertTaskListPage';

const task = (extra: Record<string, unknown> = {}) => ({
  assignmentId: '71',
  groupName: '材料一组',
  declarationId: '41',
  title: '高熵合金制备工艺',
  registrationNo: 'KJ2026-0001',
  prizeName: '自然科学奖',
  deadline: '2026-12-20',
  state: 'PUSHED',
  pushedAt: '2026-11-26T02:00:00.000Z',
  respondedAt: null,
  noConflictConfirmedAt: null,
  declineReason: null,
  declineNote: null,
  ...extra,
});

function serve(rows: unknown[], extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/expertPush/getMyTasks': (call) => ok({ list: rows, total: rows.length, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/expertPush/accept': () => ok(task({ state: 'ACCEPTED' })),
    '/rest/expertPush/decline': () => ok(task({ state: 'DECLINED', declineReason: 'NO_TIME' })),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const open = () => renderAtRoute(<ExpertTaskListPage />, '/award/expertTask/expertTaskList', '/award/expertTask/expertTaskList');
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('我的评审任务', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:expertTask:list', 'award:expertTask:respond'] }));

  it('accepts only after the no-conflict declaration is ticked', async () => {
    const server = serve([task()]);
    open();
    expect(await screen.findByText('高熵合金制备工艺')).toBeTruthy();
    expect(screen.getByText('2026-12-20')).toBeTruthy();
    fireEvent.click(buttonNamed('接受')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('接受', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(errors()).toContain('请确认与该项目不存在需要回避的利益冲突'));
    expect(server.callsTo('/rest/expertPush/accept')).toHaveLength(0);
    fireEvent.click(within(dialog).getByText('本人确认与该项目不存在需要回避的利益冲突'));
    fireEvent.click(within(dialog).getByText('接受', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/accept')).toHaveLength(1));
    expect(server.callsTo('/rest/expertPush/accept')[0]!.body).toEqual({ assignmentId: '71', noConflict: true });
    await waitFor(() => expect(server.callsTo('/rest/expertPush/getMyTasks').length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal in the dialog', async () => {
    serve([task()], { '/rest/expertPush/accept': () => refuse(409, '该评审任务当前为「已超期」，不能接受') });
    open();
    await screen.findByText('高熵合金制备工艺');
    fireEvent.click(buttonNamed('接受')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('本人确认与该项目不存在需要回避的利益冲突'));
    fireEvent.click(within(dialog).getByText('接受', { selector: 'button span' }).closest('button')!);
    expect(await within(dialog).findByText('该评审任务当前为「已超期」，不能接受')).toBeTruthy();
  });

  it('declines with a reason chosen from the list', async () => {
    const server = serve([task()]);
    open();
    await screen.findByText('高熵合金制备工艺');
    fireEvent.click(buttonNamed('拒绝')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('拒绝', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(errors()).toContain('请选择拒绝理由'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('时间冲突'));
    fireEvent.change(within(dialog).getByLabelText('说明'), { target: { value: '出差' } });
    fireEvent.click(within(dialog).getByText('拒绝', { selector: 'button span' }).closest('button')!);
    await waitFor(() => expect(server.callsTo('/rest/expertPush/decline')).toHaveLength(1));
    expect(server.callsTo('/rest/expertPush/decline')[0]!.body).toEqual({ assignmentId: '71', reason: 'NO_TIME', note: '出差' });
  });

  it('offers 评分 and 声明回避 once accepted, and nothing to answer after a decline', async () => {
    serve([task({ assignmentId: '72', state: 'ACCEPTED' }), task({ assignmentId: '73', title: '已拒绝的项目', state: 'DECLINED', declineReason: 'NO_TIME' })]);
    const { router } = open();
    await screen.findByText('已拒绝的项目');
    expect(buttonNamed('接受')).toBeNull();
    expect(buttonNamed('声明回避')).toBeTruthy();
    fireEvent.click(buttonNamed('评分')!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/award/scoring/score?assignmentId=72'));
  });
});
