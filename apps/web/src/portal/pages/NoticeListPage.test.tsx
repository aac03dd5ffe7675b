import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { fakePortal, portalOk, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./NoticeListPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public notices page', () => {
  it('lists released public notices a page at a time with their priority', async () => {
    const server = fakePortal({
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
