import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { article, fakePortal, portalOk, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./NoticeListPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public notices page', () => {
  it('lists released public notices a page at a time with their priority', async () => {
    const server = fakePortal({
      '/rest/content/queryClientListByCatalog': portalOk([article('90', '栏目里的通知', 'notification')]),
      '/rest/noticeService/getPublicNoticeByPage': (call) => {
        const { pageNum } = (call.body as { pageParameter: { pageNum: number } }).pageParameter;
        return portalOk({
          list: [{ noticeId: String(pageNum), title: `第${pageNum}页的通知`, summary: '摘要', priority: pageNum === 1 ? 'URGENT' : 'NORMAL', publishTime: '2026-03-01T01:00:00.000Z' }],
          total: 12,
          pageNum,
          pageSize: 10,
        });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/notification');

    expect(await screen.findByText('第1页的通知')).toBeTruthy();
    expect(screen.getByText('紧急')).toBeTruthy();
    expect(screen.getByText('第1页的通知').closest('a')!.getAttribute('href')).toBe('/notificationDetail/1');
    await waitFor(() => expect(document.title).toBe(`通知公告 - ${SITE_NAME}`));

    // Beside: the notification catalogue's own articles, with the way to all of them.
    const aside = screen.getByRole('region', { name: '栏目文章' });
    expect((await within(aside).findByRole('link', { name: '栏目里的通知' })).getAttribute('href')).toBe('/categoryDetail?id=90');
    expect(within(aside).getByRole('link', { name: '栏目文章' }).getAttribute('href')).toBe('/category?code=notification');
    expect(server.callsTo('/rest/content/queryClientListByCatalog')[0]!.body).toEqual({ catalogCode: 'notification', size: 5 });

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第2页的通知')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(server.callsTo('/rest/noticeService/getPublicNoticeByPage').at(-1)!.body).toEqual({ pageParameter: { pageNum: 2, pageSize: 10 } });
  });

  it('says when there are none', async () => {
    vi.stubGlobal('fetch', fakePortal({ '/rest/noticeService/getPublicNoticeByPage': portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 }) }).fetch);
    renderApp('/notification');
    expect(await screen.findByText('暂无通知公告')).toBeTruthy();
  });
});
