import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { fakePortal, INDEX, portalOk, portalRefuse, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./HomePage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('shows the site, its navigation, banner, notices, policies and news, and the two entries', async () => {
    const server = fakePortal();
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: SITE_NAME })).toBeTruthy();

    // 通知公告 joins messaging's public notices and the notification catalogue's articles, newest first.
    const notice = await screen.findByText('关于开展2026年度提名工作的通知');
    expect(notice.closest('a')!.getAttribute('href')).toBe('/notificationDetail/7');
    const noticeCard = notice.closest('.dl-section-card')!;
    expect([...noticeCard.querySelectorAll('li a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['栏目里的通知', '/categoryDetail?id=90'],
      ['关于开展2026年度提名工作的通知', '/notificationDetail/7'],
    ]);
    expect(server.callsTo('/rest/noticeService/getPublicNoticeByPage')[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 8 } });

    // Policies, then news, each with dates in China time and links to their detail routes.
    const titles = [...document.querySelectorAll('.dl-section-card .dl-card__title')].map((el) => el.textContent);
    expect(titles).toEqual(['通知公告', '政策文件', '新闻动态']);
    const policy = screen.getByText('科学技术奖励办法').closest('li')!;
    expect(within(policy).getByText('2025-04-01')).toBeTruthy();
    expect(within(policy).getByRole('link').getAttribute('href')).toBe('/policyDetail/200');
    expect(screen.getByText('科学技术奖励大会召开').closest('a')!.getAttribute('href')).toBe('/newsDetail/300');

    // The other catalogues as tiles (the external one keeps its address).
    const tiles = within(screen.getByRole('navigation', { name: '栏目直达' })).getAllByRole('link');
    expect(tiles.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['科技部', 'https://www.most.gov.cn/']]);

    // Banner with its title as the picture's text alternative.
    const banner = await screen.findByRole('region', { name: '轮播图' });
    expect(within(banner).getAllByRole('img', { name: '2026年度科学技术奖提名启动' }).length).toBeGreaterThan(0);

    // Navigation: 首页, then catalogues in sort order; news lists at /category; an external one opens a new tab.
    const nav = screen.getByRole('navigation', { name: '栏目导航' });
    const links = within(nav)
      .getAllByRole('link')
      .filter((a) => a.textContent);
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      expect.arrayContaining([
        ['首页', '/'],
        ['通知公告', '/notification'],
        ['政策文件', '/policy'],
        ['新闻动态', '/category?code=news'],
        ['科技部', 'https://www.most.gov.cn/'],
      ]),
    );
    const external = links.find((a) => a.textContent === '科技部')!;
    expect([external.getAttribute('target'), external.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);

    expect(screen.getByText('我要申报').closest('a')!.getAttribute('href')).toBe('/declare');
    expect(screen.getByText('结果查询').closest('a')!.getAttribute('href')).toBe('/query');

    // Footer from the site settings: 主办单位, contact, the ICP record linked to the MIIT system, 网站标识码;
    // what the site left blank (联系邮箱, 公安备案号) is not shown.
    expect(screen.getByText('京ICP备00000000号').closest('a')!.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(screen.getByText('主办单位：省科学技术厅')).toBeTruthy();
    expect(screen.getByText('联系电话：010-12345678')).toBeTruthy();
    expect(screen.getByText('网站标识码：1100000001')).toBeTruthy();
    expect(screen.queryByText(/联系邮箱/)).toBeNull();
    expect(screen.getByRole('button', { name: '投诉建议' })).toBeTruthy();

    // Header and page share one index call.
    expect(server.callsTo('/rest/cms/index')).toHaveLength(1);
    expect(server.callsTo('/rest/cms/index')[0]!.body).toEqual({});
    await waitFor(() => expect(document.title).toBe(`首页 - ${SITE_NAME}`));
  });

  it('shows a load error as a toast with the server message and an inline result, and retries', async () => {
    let fail = true;
    const server = fakePortal({
      '/rest/cms/index': () => (fail ? portalRefuse(500, '系统繁忙，请稍后重试') : portalOk(INDEX)),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/');

    expect(await screen.findByText('首页内容加载失败')).toBeTruthy();
    // The message appears twice: in the toast and as the result's subtitle.
    await waitFor(() => expect(screen.getAllByText('系统繁忙，请稍后重试')).toHaveLength(2));
    expect(document.querySelector('.dl-message__notice--error')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('科学技术奖励办法')).toBeTruthy();
    expect(screen.queryByText('首页内容加载失败')).toBeNull();
  });
});
