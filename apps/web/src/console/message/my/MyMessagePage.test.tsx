import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import MyMessagePage from './MyMessagePage';
import type { MyMsg, MyNotice } from './api';

const notice = (noticeId: string, extra: Partial<MyNotice> = {}): MyNotice => ({
  noticeId,
  title: `通知${noticeId}`,
  summary: '请各单位按时提交',
  priority: 'NORMAL',
  publishTime: '2026-03-01T02:00:00.000Z',
  expireTime: null,
  releaseBy: 'admin',
  attachmentCount: 0,
  readFlag: 0,
  readTime: null,
  ...extra,
});
const msg: MyMsg = {
  msgId: '7',
  title: '申报已退回',
  content: '请修改后重新提交\n第二行',
  category: 'DECLARATION',
  link: '/declare?id=3',
  readFlag: 0,
  readTime: null,
  createTime: '2026-03-01T03:00:00.000Z',
  createBy: 'system',
};

let notices: MyNotice[];

function serve() {
  const server = fakeServer({
    '/rest/noticeService/getNoticeByUserPage': (call) => ok({ list: notices, total: notices.length, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/noticeService/getMyNoticeById': (call) => {
      const { noticeId } = call.body as { noticeId: string };
      notices = notices.map((n) => (n.noticeId === noticeId ? { ...n, readFlag: 1, readTime: '2026-03-01T04:00:00.000Z' } : n));
      return ok({
        ...notices.find((n) => n.noticeId === noticeId)!,
        content: '<p>材料清单见附件。</p>',
        attachments: [{ fileId: '41', fileRepId: '9', filename: '材料清单.xlsx', size: 2048, type: 'xlsx' }],
      });
    },
    '/rest/noticeService/updateReadStatus': () => ok({ updated: 1, unreadCount: 0 }),
    '/rest/noticeService/getHeaderNotice': ok({ notices: [], noticeUnread: 0, msgs: [], msgUnread: 0, unreadCount: 0 }),
    '/rest/msg/getMyMsgList': (call) => ok({ list: [msg], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/msg/getMyMsgDetailById': ok({ ...msg, readFlag: 1 }),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  notices = [notice('1', { priority: 'URGENT', title: '关于提交年度材料的通知' }), notice('2', { readFlag: 1, readTime: '2026-03-01T03:00:00.000Z' })];
  useConsoleStore.setState({ unreadCount: 1 });
});
afterEach(() => vi.unstubAllGlobals());

describe('/message/my/myMsgList', () => {
  it('lists my notices with read state; opening one shows it with its attachments and marks it read', async () => {
    const server = serve();
    renderAtRoute(<MyMessagePage />, '/message/my/myMsgList', '/message/my/myMsgList');
    const title = await screen.findByText('关于提交年度材料的通知');
    const row = title.closest('tr')!;
    expect(within(row).getByText('未读')).toBeTruthy();
    expect(within(row).getByText('紧急')).toBeTruthy();
    expect(within(screen.getByText('通知2').closest('tr')!).getByText('已读')).toBeTruthy();
    fireEvent.click(title);
    const reader = await screen.findByTestId('notice-reader');
    expect(within(reader).getByText('材料清单见附件。')).toBeTruthy();
    expect(within(reader).getByText('材料清单.xlsx')).toBeTruthy();
    expect(within(reader).getByText('发布人：admin')).toBeTruthy();
    fireEvent.click(buttonNamed('关闭')!);
    const inTable = () => screen.getByText('关于提交年度材料的通知', { selector: 'td button span' }).closest('tr')!;
    await waitFor(() => expect(within(inTable()).getByText('已读')).toBeTruthy());
    expect(server.callsTo('/rest/noticeService/getMyNoticeById')[0]!.body).toEqual({ noticeId: '1' });
  });

  it('filters by read state and marks all read', async () => {
    const server = serve();
    renderAtRoute(<MyMessagePage />, '/message/my/myMsgList', '/message/my/myMsgList');
    await screen.findByText('关于提交年度材料的通知');
    fireEvent.mouseDown(screen.getByLabelText('阅读状态'));
    fireEvent.click(await screen.findByTitle('未读'));
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/getNoticeByUserPage').at(-1)!.body).toEqual({ readFlag: 0, pageParameter: { pageNum: 1, pageSize: 10 } }));
    fireEvent.click(buttonNamed('全部已读')!);
    await waitFor(() => expect(server.callsTo('/rest/noticeService/updateReadStatus')[0]!.body).toEqual({ all: true }));
    expect(await screen.findByText('已将 1 条通知标记为已读')).toBeTruthy();
  });

  it('shows my messages with their category; a message opens with its text and a way to where it points', async () => {
    const server = serve();
    const { router } = renderAtRoute(<MyMessagePage />, '/message/my/myMsgList', '/message/my/myMsgList?tab=msg');
    const title = await screen.findByText('申报已退回');
    expect(within(title.closest('tr')!).getByText('申报')).toBeTruthy();
    fireEvent.click(title);
    const reader = await screen.findByTestId('message-reader');
    expect(reader.textContent).toContain('请修改后重新提交\n第二行');
    expect(server.callsTo('/rest/msg/getMyMsgDetailById')[0]!.body).toEqual({ msgId: '7' });
    fireEvent.click(buttonNamed('前往查看')!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/declare?id=3'));
  });

  it('says why a notice cannot be opened', async () => {
    const server = fakeServer({
      '/rest/noticeService/getNoticeByUserPage': ok({ list: [notice('9', { title: '刚被撤回的通知' })], total: 1, pageNum: 1, pageSize: 10 }),
      '/rest/noticeService/getMyNoticeById': refuse(404, '通知不存在或已被删除'),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<MyMessagePage />, '/message/my/myMsgList', '/message/my/myMsgList');
    fireEvent.click(await screen.findByText('刚被撤回的通知'));
    expect(await screen.findByText('通知不存在或已被删除')).toBeTruthy();
  });
});
