import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../../api/session';
import { renderAtRoute } from '../../../test/widgetKit';
import { fakeServer, ok, refuse } from '../../../test/renderApp';
import { useConsoleStore } from '../../../api/consoleStore';
import type { HeaderNotice, MyMsg, MyNotice } from './api';
import { NoticeBell } from './NoticeBell';
import { backoffDelay, MAX_BACKOFF_MS, POLL_MS, UNREAD_CHANNEL } from './unreadFeed';

const HEADER = '/rest/noticeService/getHeaderNotice';

const notice = (noticeId: string, extra: Partial<MyNotice> = {}): MyNotice => ({
  noticeId,
  title: `通知${noticeId}`,
  summary: '摘要',
  priority: 'NORMAL',
  publishTime: '2026-03-01T02:00:00.000Z',
  expireTime: null,
  releaseBy: 'admin',
  attachmentCount: 0,
  readFlag: 0,
  readTime: null,
  ...extra,
});
const msg = (msgId: string, extra: Partial<MyMsg> = {}): MyMsg => ({
  msgId,
  title: `消息${msgId}`,
  content: '任务执行失败',
  category: 'TASK',
  link: '/base/scheduler/schedulerMain',
  readFlag: 0,
  readTime: null,
  createTime: '2026-03-01T03:00:00.000Z',
  createBy: 'system',
  ...extra,
});

let unreadNotices: MyNotice[];
let unreadMsgs: MyMsg[];
const header = (): HeaderNotice => ({
  notices: unreadNotices,
  noticeUnread: unreadNotices.length,
  msgs: unreadMsgs,
  msgUnread: unreadMsgs.length,
  unreadCount: unreadNotices.length + unreadMsgs.length,
});

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    [HEADER]: () => ok(header()),
    '/rest/noticeService/getMyNoticeById': (call) => {
      const { noticeId } = call.body as { noticeId: string };
      unreadNotices = unreadNotices.filter((n) => n.noticeId !== noticeId);
      return ok({ ...notice(noticeId, { priority: 'URGENT' }), content: '<p>请于<strong>周五</strong>前提交。</p>', readFlag: 1, attachments: [] });
    },
    '/rest/noticeService/updateReadStatus': () => {
      const updated = unreadNotices.length;
      unreadNotices = [];
      return ok({ updated, unreadCount: 0 });
    },
    '/rest/msg/updateReadStatus': () => {
      const updated = unreadMsgs.length;
      unreadMsgs = [];
      return ok({ updated, unreadCount: 0 });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const bell = () => screen.getByTestId('notice-bell');
const renderBell = () => renderAtRoute(<NoticeBell />, '/home', '/home');

beforeEach(() => {
  unreadNotices = [notice('1', { priority: 'URGENT', title: '关于提交年度材料的通知' }), notice('2')];
  unreadMsgs = [msg('7', { title: '定时任务「清理日志」执行失败' })];
  useSessionStore.getState().signIn('tok-user', { userId: '9', username: 'reader' });
  useConsoleStore.setState({ authList: [], unreadCount: 0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

describe('the bell', () => {
  it("shows the server's unread count and lists the newest notices and messages", async () => {
    serve();
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，3 条未读'));
    fireEvent.click(bell());
    const panel = await screen.findByTestId('notice-panel');
    expect(within(panel).getByText('通知公告（2）')).toBeTruthy();
    expect(within(panel).getByText('关于提交年度材料的通知')).toBeTruthy();
    expect(within(panel).getByText('紧急')).toBeTruthy();
    expect(within(panel).getAllByText('2026-03-01 10:00')).toHaveLength(2);
    fireEvent.click(within(panel).getByText('站内消息（1）'));
    expect(await within(panel).findByText('定时任务「清理日志」执行失败')).toBeTruthy();
  });

  it('opens a notice in the reader, which marks it read, and the count falls', async () => {
    const server = serve();
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，3 条未读'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('关于提交年度材料的通知'));
    const reader = await screen.findByTestId('notice-reader');
    expect(reader.querySelector('strong')?.textContent).toBe('周五');
    expect(server.callsTo('/rest/noticeService/getMyNoticeById')[0]!.body).toEqual({ noticeId: '1' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，2 条未读'));
  });

  it('marks everything read with 全部已读', async () => {
    const server = serve();
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，3 条未读'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByText('全部已读'));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知'));
    expect(server.callsTo('/rest/noticeService/updateReadStatus')[0]!.body).toEqual({ all: true });
    expect(server.callsTo('/rest/msg/updateReadStatus')[0]!.body).toEqual({ all: true });
    expect(await screen.findByText('已全部标记为已读')).toBeTruthy();
  });

  it("takes another tab's answer without asking, and asks again when another tab reads something", async () => {
    const server = serve();
    renderBell();
    await waitFor(() => expect(server.callsTo(HEADER)).toHaveLength(1));
    const otherTab = new BroadcastChannel(UNREAD_CHANNEL);
    try {
      const fromOtherTab: HeaderNotice = { notices: [], noticeUnread: 8, msgs: [], msgUnread: 1, unreadCount: 9 };
      otherTab.postMessage({ type: 'snapshot', userId: '9', data: fromOtherTab });
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，9 条未读'));
      expect(server.callsTo(HEADER)).toHaveLength(1);
      // Another user's tab in the same browser is not ours to follow.
      otherTab.postMessage({ type: 'snapshot', userId: '10', data: { ...fromOtherTab, unreadCount: 50 } });
      otherTab.postMessage({ type: 'changed', userId: '9' });
      await waitFor(() => expect(server.callsTo(HEADER)).toHaveLength(2));
      await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('通知，3 条未读'));
    } finally {
      otherTab.close();
    }
  });

  it('asks every 20 s, waits twice as long after each failure, and not at all while the tab is hidden', async () => {
    expect([backoffDelay(1), backoffDelay(2), backoffDelay(10)]).toEqual([2 * POLL_MS, 4 * POLL_MS, MAX_BACKOFF_MS]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let failing = false;
    const server = serve({ [HEADER]: () => (failing ? refuse(500, '系统繁忙，请稍后重试') : ok(header())) });
    renderBell();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(server.callsTo(HEADER)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(2);
    failing = true;
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(3);
    // First failure: the next try waits 40 s, not 20.
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(4);
    failing = false;
    await act(() => vi.advanceTimersByTimeAsync(4 * POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(5);
    // Hidden: no asking; shown again: one question at once.
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(5 * POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(5);
    hidden.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.callsTo(HEADER)).toHaveLength(6);
    // No session, no asking: the bell leaves the server alone once signed out.
    act(() => useSessionStore.getState().signOut());
    await act(() => vi.advanceTimersByTimeAsync(5 * POLL_MS));
    expect(server.callsTo(HEADER)).toHaveLength(6);
  });

  it('leads 查看全部消息 to my messages when the user has that page, else to the personal centre', async () => {
    serve();
    const { router } = renderBell();
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('link', { name: '查看全部消息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
    act(() => useConsoleStore.setState({ authList: ['message:my:list'] }));
    await act(() => router.navigate('/home'));
    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('link', { name: '查看全部消息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/my/myMsgList'));
  });
});
