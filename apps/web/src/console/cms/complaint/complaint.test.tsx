import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ComplaintDetailPage from './ComplaintDetailPage';
import ComplaintListPage from './ComplaintListPage';
import type { Complaint } from './api';

const base = {
  siteId: '1',
  content: '上传PDF时提示失败。\n请尽快处理。',
  complainantName: '王五',
  contact: '13800000000',
  email: null,
  userId: null,
  ip: '10.0.0.1',
  reply: null,
  replyTime: null,
  replyBy: null,
  createTime: '2026-03-01T02:00:00.000Z',
  updateTime: '2026-03-01T02:00:00.000Z',
  updateBy: null,
};
const PENDING: Complaint = { ...base, complaintId: '1', title: '附件无法上传', status: 'PENDING', lockVersion: 0 };
const CLOSED: Complaint = { ...base, complaintId: '2', title: '已处理的建议', status: 'CLOSED', reply: '已修复。', replyBy: 'admin', replyTime: '2026-03-02T02:00:00.000Z', lockVersion: 2 };

const ALL_CODES = ['list', 'detail', 'reply', 'close', 'del'].map((a) => `cms:complaint:${a}`);
const LIST = '/cms/complaint/complaintList';
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const buttonsIn = (row: HTMLElement) => Array.from(row.querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/complain/getComplainPage': (call) => ok({ list: [PENDING, CLOSED], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => useConsoleStore.setState({ authList: ['cms:complaint:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('ComplaintListPage', () => {
  it('shows status tags; with only the list code, no action at all', async () => {
    serve();
    renderAtRoute(<ComplaintListPage />, LIST, LIST);
    expect(await screen.findByText('附件无法上传')).toBeTruthy();
    expect(within(rowOf('附件无法上传')).getByText('待处理')).toBeTruthy();
    expect(within(rowOf('已处理的建议')).getByText('已关闭')).toBeTruthy();
    for (const label of ['详情', '回复', '关闭', '删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('offers 回复 and 关闭 only on open complaints, and searches by status and keyword', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<ComplaintListPage />, LIST, LIST);
    await screen.findByText('附件无法上传');
    expect(buttonsIn(rowOf('附件无法上传'))).toEqual(['详情', '回复', '关闭', '删除']);
    expect(buttonsIn(rowOf('已处理的建议'))).toEqual(['详情', '删除']);

    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '王五' } });
    fireEvent.mouseDown(screen.getByLabelText('状态'));
    fireEvent.click(await screen.findByTitle('待处理'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/complain/getComplainPage').at(-1)!.body).toMatchObject({ keyword: '王五', status: 'PENDING' }));
  });

  it('closes only after confirming, with the lock version', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/complain/close': () => ok({ ...PENDING, status: 'CLOSED', lockVersion: 1 }) });
    renderAtRoute(<ComplaintListPage />, LIST, LIST);
    await screen.findByText('附件无法上传');
    fireEvent.click(within(rowOf('附件无法上传')).getByText('关闭').closest('button')!);
    expect(await screen.findByText('该投诉建议尚未回复，关闭后不能再回复。')).toBeTruthy();
    expect(server.callsTo('/rest/complain/close')).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/complain/close')).toHaveLength(1));
    expect(server.callsTo('/rest/complain/close')[0]!.body).toEqual({ complaintId: '1', lockVersion: 0 });
    expect(await screen.findByText('已关闭', { selector: '.ant-message *' })).toBeTruthy();
  });

  it('replies from a dialog: an empty reply is refused before sending, then the reply is sent', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/complain/reply': (call) => ok({ ...PENDING, status: 'REPLIED', reply: (call.body as { reply: string }).reply, lockVersion: 1 }) });
    renderAtRoute(<ComplaintListPage />, LIST, LIST);
    await screen.findByText('附件无法上传');
    fireEvent.click(within(rowOf('附件无法上传')).getByText('回复').closest('button')!);
    expect(await screen.findByText('回复：附件无法上传')).toBeTruthy();
    fireEvent.click(buttonNamed('提交回复')!);
    expect(await screen.findByText('请输入回复内容')).toBeTruthy();
    expect(server.callsTo('/rest/complain/reply')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '已修复上传功能，请重试。' } });
    fireEvent.click(buttonNamed('提交回复')!);
    await waitFor(() => expect(server.callsTo('/rest/complain/reply')).toHaveLength(1));
    expect(server.callsTo('/rest/complain/reply')[0]!.body).toEqual({ complaintId: '1', lockVersion: 0, reply: '已修复上传功能，请重试。' });
    expect(await screen.findByText('回复成功')).toBeTruthy();
  });
});

describe('ComplaintDetailPage', () => {
  const DETAIL = '/cms/complaint/complaintDetail';

  it('shows the complaint; without the reply code there is no form', async () => {
    useConsoleStore.setState({ authList: ['cms:complaint:detail'] });
    serve({ '/rest/complain/detail': ok(CLOSED) });
    renderAtRoute(<ComplaintDetailPage />, DETAIL, `${DETAIL}?id=2`);
    expect(await screen.findByText('已处理的建议')).toBeTruthy();
    expect(screen.getByText('已修复。')).toBeTruthy();
    expect(screen.getByText('13800000000')).toBeTruthy();
    expect(buttonNamed('提交回复')).toBeNull();
    expect(buttonNamed('关闭')).toBeNull();
  });

  it('shows a refusal from the server under the reply form (closed meanwhile)', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    serve({ '/rest/complain/detail': ok(PENDING), '/rest/complain/reply': refuse(409, '该投诉建议已关闭，不能再回复') });
    renderAtRoute(<ComplaintDetailPage />, DETAIL, `${DETAIL}?id=1`);
    await screen.findByText('附件无法上传');
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '处理中' } });
    fireEvent.click(buttonNamed('提交回复')!);
    expect(await screen.findByText('该投诉建议已关闭，不能再回复')).toBeTruthy();
  });

  it('after replying shows the answer and its status', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    serve({
      '/rest/complain/detail': ok(PENDING),
      '/rest/complain/reply': ok({ ...PENDING, status: 'REPLIED', reply: '已处理完毕', replyBy: 'admin', replyTime: '2026-03-03T02:00:00.000Z', lockVersion: 1 }),
    });
    renderAtRoute(<ComplaintDetailPage />, DETAIL, `${DETAIL}?id=1`);
    await screen.findByText('附件无法上传');
    fireEvent.change(screen.getByLabelText('回复内容'), { target: { value: '已处理完毕' } });
    fireEvent.click(buttonNamed('提交回复')!);
    expect(await screen.findByText('已回复')).toBeTruthy();
    expect(screen.getAllByText('已处理完毕').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('再次回复（将替换原回复）')).toBeTruthy();
  });

  it('says what is missing when opened without an id', async () => {
    serve();
    renderAtRoute(<ComplaintDetailPage />, DETAIL, DETAIL);
    expect(await screen.findByText('缺少投诉建议编号，无法打开详情页面')).toBeTruthy();
  });
});
