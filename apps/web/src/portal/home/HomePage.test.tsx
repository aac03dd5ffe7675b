import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonFetch, renderApp } from '../../test/renderApp';
import type { PortalIndex } from '../api';

beforeAll(async () => {
  await Promise.all([import('./HomePage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const catalog = (catalogId: string, catalogName: string, code: string, sort: number) => ({
  catalogId,
  catalogName,
  code,
  catalogPath: null,
  sort,
  children: [],
});

const index: PortalIndex = {
  site: { siteId: '1', siteCode: 'main', siteName: 'main', displayName: '省科学技术奖励申报平台', siteStatus: '2' },
  catalogs: [catalog('11', '政策法规', 'policy', 2), catalog('10', '通知公告', 'notification', 1)],
  sections: [
    {
      catalogId: '10',
      code: 'notification',
      catalogName: '通知公告',
      contents: [
        {
          contentId: '100',
          title: '关于开展2025年度科学技术奖提名工作的通知',
          summary: null,
          // 16:30 UTC on 31 March is already 1 April in Shanghai.
          publishTime: '2025-03-31T16:30:00.000Z',
          catalogCode: 'notification',
        },
      ],
    },
    { catalogId: '11', code: 'policy', catalogName: '政策法规', contents: [] },
  ],
};

const portalOk = (dataSet: unknown) => ({ rtnCode: '0000', rtnMessage: '成功', dataSet });

describe('home page', () => {
  it('renders the site, its navigation and each section with content titles and dates', async () => {
    const fetch = vi.fn(jsonFetch(portalOk(index)));
    vi.stubGlobal('fetch', fetch);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: '省科学技术奖励申报平台' })).toBeTruthy();
    expect(screen.getByText('申报 · 评审 · 公示')).toBeTruthy();
    const notices = screen.getByText('关于开展2025年度科学技术奖提名工作的通知');
    const item = notices.closest('li')!;
    expect(within(item).getByText('2025-04-01')).toBeTruthy();

    // Section cards carry the catalogue names as titles, in the answer's order; an empty one says so.
    const titles = [...document.querySelectorAll('.dl-section-card .ant-card-head-title')].map((el) => el.textContent);
    expect(titles).toEqual(['通知公告', '政策法规']);
    expect(screen.getByText('暂无内容')).toBeTruthy();

    // Navigation: top-level catalogues in `sort` order, each linking to /{code}.
    const nav = screen.getByRole('navigation', { name: '栏目导航' });
    const links = within(nav).getAllByRole('link').filter((a) => a.textContent);
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      expect.arrayContaining([
        ['通知公告', '/notification'],
        ['政策法规', '/policy'],
      ]),
    );

    // Entries
    expect(screen.getByText('我要申报').closest('a')!.getAttribute('href')).toBe('/login?redirect=/declare');
    expect(screen.getByText('结果查询').closest('a')!.getAttribute('href')).toBe('/query');

    // One call for header and page together: POST /rest/cms/index with {}.
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/rest/cms/index');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{}');
    expect(document.title).toBe('首页');
  });

  it('shows a load error as a toast and an inline result, and retries', async () => {
    const failure = { rtnCode: '500', rtnMessage: '系统繁忙，请稍后重试', dataSet: null };
    const fetch = vi.fn(jsonFetch(failure, 500));
    vi.stubGlobal('fetch', fetch);
    renderApp('/');

    expect(await screen.findByText('首页内容加载失败')).toBeTruthy();
    // The message appears twice: in the toast and as the Result's subtitle.
    await waitFor(() => expect(screen.getAllByText('系统繁忙，请稍后重试')).toHaveLength(2));
    expect(document.querySelector('.ant-message-error')).toBeTruthy();

    fetch.mockImplementation(jsonFetch(portalOk(index)));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('关于开展2025年度科学技术奖提名工作的通知')).toBeTruthy();
    expect(screen.queryByText('首页内容加载失败')).toBeNull();
  });
});
