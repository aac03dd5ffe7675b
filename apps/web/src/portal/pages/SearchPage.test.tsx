import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { article, fakePortal, portalOk, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./SearchPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { pwned?: boolean }).pwned;
});

const HIT = {
  ...article('300', '<img src=x onerror="window.pwned=true">奖励办法', 'news', { catalogName: '新闻动态' }),
  titleSegments: [
    { text: '<img src=x onerror="window.pwned=true">', hit: false },
    { text: '奖励', hit: true },
    { text: '办法', hit: false },
  ],
  summarySegments: [
    { text: '关于科技', hit: false },
    { text: '奖励', hit: true },
    { text: '的<b>说明</b>', hit: false },
  ],
};

describe('search page', () => {
  it('renders highlighted segments as text with <mark>, never as HTML', async () => {
    const server = fakePortal({ '/rest/content/searchContent': portalOk({ list: [HIT], total: 1, pageNum: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/search?keyword=%E5%A5%96%E5%8A%B1');

    const marks = await screen.findAllByText('奖励', { selector: 'mark' });
    expect(marks).toHaveLength(2);
    const link = marks[0]!.closest('a')!;
    expect(link.getAttribute('href')).toBe('/newsDetail/300');
    // The markup in the title and summary is shown as characters; nothing was parsed.
    expect(link.textContent).toBe('<img src=x onerror="window.pwned=true">奖励办法');
    expect(document.querySelector('.dl-search__results img, .dl-search__results b')).toBeNull();
    expect(screen.getByText('的<b>说明</b>')).toBeTruthy();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();

    expect(server.callsTo('/rest/content/searchContent')[0]!.body).toEqual({ keyword: '奖励', pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(screen.getByText('找到', { exact: false }).textContent).toBe('找到 1 条结果');
    expect((screen.getAllByRole('searchbox', { name: '站内搜索' })[0] as HTMLInputElement).value).toBe('奖励');
    await waitFor(() => expect(document.title).toBe(`搜索：奖励 - ${SITE_NAME}`));
  });

  it('searches from the header box, pages, and says when nothing matched', async () => {
    const server = fakePortal({
      '/rest/content/searchContent': (call) => {
        const { keyword, pageParameter } = call.body as { keyword: string; pageParameter: { pageNum: number } };
        if (keyword !== '评审') return portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 });
        const n = pageParameter.pageNum;
        return portalOk({ list: [article(String(n), `评审结果第${n}页`, 'query')], total: 15, pageNum: n, pageSize: 10 });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/');

    const box = (await screen.findAllByRole('searchbox', { name: '站内搜索' }))[0]!;
    fireEvent.change(box, { target: { value: '  评审 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('评审结果第1页')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?keyword=%E8%AF%84%E5%AE%A1');

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('评审结果第2页')).toBeTruthy();

    await router.navigate('/search?keyword=nothing');
    expect(await screen.findByText('没有找到与“nothing”相关的内容')).toBeTruthy();

    await router.navigate('/search');
    expect(await screen.findByText('请在页面顶部的搜索框输入关键词')).toBeTruthy();
    expect(server.callsTo('/rest/content/searchContent').map((c) => (c.body as { keyword: string }).keyword)).toEqual(['评审', '评审', 'nothing']);
  });
});
