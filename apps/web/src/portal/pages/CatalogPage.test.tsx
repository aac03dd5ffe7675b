import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type FakeCall } from '../../test/renderApp';
import { article, catalog, fakePortal, portalOk, portalRefuse, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./CatalogPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const SUB = [catalog('21', '国家政策', 'policy-national', 1), catalog('22', '地方政策', 'policy-local', 2)];

/** A page of `total` policy articles, answering the requested page. */
function policyPage(total: number) {
  return (call: FakeCall) => {
    const { catalogCode, pageParameter } = call.body as { catalogCode: string; pageParameter: { pageNum: number; pageSize: number } };
    const first = (pageParameter.pageNum - 1) * pageParameter.pageSize;
    const count = Math.max(0, Math.min(pageParameter.pageSize, total - first));
    const list = Array.from({ length: count }, (_, i) =>
      article(String(1000 + first + i), `${catalogCode} 第${first + i + 1}篇`, 'policy', { summary: `摘要${first + i + 1}`, isTop: first + i === 0 }),
    );
    return portalOk({ list, total, pageNum: pageParameter.pageNum, pageSize: pageParameter.pageSize });
  };
}

describe('catalogue list page', () => {
  it('lists the bound catalogue with tabs from its sub-catalogues, pages, and the page title', async () => {
    const server = fakePortal({
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk(SUB),
      '/rest/content/queryClientListByPage': policyPage(23),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/policy');

    expect(await screen.findByText('policy 第1篇')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '政策文件' })).toBeTruthy();
    expect(screen.getByText('置顶')).toBeTruthy();
    expect(screen.getByText('policy 第1篇').closest('a')!.getAttribute('href')).toBe('/policyDetail/1000');
    expect(server.callsTo('/rest/cmsCatalog/queryClientSubCatalogList')[0]!.body).toEqual({ catalogCode: 'policy' });
    // 全部 spans the sub-catalogues.
    expect(server.callsTo('/rest/content/queryClientListByPage').map((c) => c.body)).toEqual([
      { catalogCode: 'policy', pageParameter: { pageNum: 1, pageSize: 10 }, includeChildren: true },
    ]);
    await waitFor(() => expect(document.title).toBe(`政策文件 - ${SITE_NAME}`));
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/');

    // Page 3 of 23.
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('policy 第21篇')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');

    // A tab lists that sub-catalogue from its first page.
    fireEvent.click(screen.getByRole('tab', { name: '地方政策' }));
    expect(await screen.findByText('policy-local 第1篇')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=policy-local');
    expect(server.callsTo('/rest/content/queryClientListByPage').at(-1)!.body).toEqual({
      catalogCode: 'policy-local',
      pageParameter: { pageNum: 1, pageSize: 10 },
    });
  });

  it('switches between list, grid and table and remembers the choice for the catalogue', async () => {
    const server = fakePortal({
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
      '/rest/content/queryClientListByPage': policyPage(3),
    });
    vi.stubGlobal('fetch', server.fetch);
    const first = renderApp('/policy');

    expect(await screen.findByText('policy 第1篇')).toBeTruthy();
    expect(document.querySelector('.dl-content-bars')).toBeTruthy();
    expect(screen.getByText('摘要1')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: '网格显示' }));
    await waitFor(() => expect(document.querySelector('.dl-content-grid')).toBeTruthy());
    expect(document.querySelector('.dl-content-bars')).toBeNull();
    expect(screen.getByText('policy 第1篇').closest('a')!.getAttribute('href')).toBe('/policyDetail/1000');

    fireEvent.click(screen.getByRole('radio', { name: '表格显示' }));
    expect(await screen.findByRole('columnheader', { name: '发布时间' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '网格显示' }));
    await waitFor(() => expect(document.querySelector('.dl-content-grid')).toBeTruthy());
    first.unmount();

    // A later visit opens in the chosen mode (setup clears storage only after each test).
    renderApp('/policy');
    expect(await screen.findByText('policy 第1篇')).toBeTruthy();
    expect(document.querySelector('.dl-content-grid')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '网格显示' }) as HTMLInputElement).checked).toBe(true);
  });

  it('offers the list/grid/table toggle only from two articles on', async () => {
    vi.stubGlobal('fetch', fakePortal({ '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]), '/rest/content/queryClientListByPage': policyPage(1) }).fetch);
    renderApp('/policy');
    expect(await screen.findByText('policy 第1篇')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '网格显示' })).toBeNull();
  });

  it('opens /category?code=news with the catalogue from the address, empty state without pages', async () => {
    const server = fakePortal({
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
      '/rest/content/queryClientListByPage': portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/category?code=news');

    expect(await screen.findByText('该栏目暂无内容')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '新闻动态' })).toBeTruthy();
    expect((server.callsTo('/rest/content/queryClientListByPage')[0]!.body as { catalogCode: string }).catalogCode).toBe('news');
    expect(screen.queryByRole('list', { name: 'pagination' })).toBeNull();
  });

  it('names a catalogue kept out of the navigation from the full catalogue tree', async () => {
    const server = fakePortal({
      '/rest/cmsCatalog/TreeCmsCatalogBySite': portalOk([catalog('40', '专题专栏', 'topics', 9, { showInNav: false })]),
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
      '/rest/content/queryClientListByPage': portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/category?code=topics');
    expect(await screen.findByRole('heading', { level: 1, name: '专题专栏' })).toBeTruthy();
    for (const nav of screen.getAllByRole('navigation', { name: /^栏目(导航|列表)$/ })) expect(within(nav).queryByText('专题专栏')).toBeNull();
    await waitFor(() => expect(document.title).toBe(`专题专栏 - ${SITE_NAME}`));
  });

  it('opens the show catalogue as a grid of cards unless the visitor chose otherwise', async () => {
    const server = fakePortal({
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
      '/rest/content/queryClientListByPage': portalOk({
        list: [article('500', '新型光伏材料', 'show', { coverUrl: '/files/cover.png' })],
        total: 1,
        pageNum: 1,
        pageSize: 12,
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/category?code=show');

    expect(await screen.findByText('新型光伏材料')).toBeTruthy();
    expect(document.querySelector('.dl-content-grid img')!.getAttribute('src')).toBe('/files/cover.png');
    expect(screen.getByText('新型光伏材料').closest('a')!.getAttribute('href')).toBe('/categoryDetail?id=500');
    expect((server.callsTo('/rest/content/queryClientListByPage')[0]!.body as { pageParameter: unknown }).pageParameter).toEqual({ pageNum: 1, pageSize: 12 });
  });

  it('shows a list failure as a toast with the rejection message and an inline retry', async () => {
    let fail = true;
    const server = fakePortal({
      '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
      '/rest/content/queryClientListByPage': (call) => (fail ? portalRefuse(404, '栏目不存在') : policyPage(1)(call)),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/category?code=fund');

    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.dl-message__notice--error')?.textContent).toContain('栏目不存在'));

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('fund 第1篇')).toBeTruthy();
  });
});
