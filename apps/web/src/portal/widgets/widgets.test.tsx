import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAtRoute } from '../../test/widgetKit';
import { fakeServer } from '../../test/renderApp';
import { article, CATALOGS, catalog, portalOk, portalRefuse } from '../testing/fixtures';
import { Banner } from './Banner';
import { CatalogContentTree } from './CatalogContentTree';
import { CatalogList } from './CatalogList';
import { CatalogTree } from './CatalogTree';
import { ContentList } from './ContentList';
import { ListTitle } from './ListTitle';
import { SiteNav, SiteNavMenuButton } from './SiteNav';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ITEMS = [
  article('1', '置顶的办法', 'policy', { isTop: true, summary: '办法摘要' }),
  article('2', '外链文章', 'policy', { linkUrl: 'https://example.gov.cn/a' }),
  article('3', '下级栏目的文章', 'policy-local', { catalogName: '地方政策' }),
];

describe('ContentList', () => {
  it('bars: title, top tag, summary, date; an article with linkUrl opens it in a new tab', () => {
    renderAtRoute(<ContentList items={ITEMS} mode="bars" showCatalog />, '/', '/');
    expect(screen.getByText('置顶').closest('li')!.textContent).toContain('置顶的办法');
    expect(screen.getByText('办法摘要')).toBeTruthy();
    expect(screen.getByText('置顶的办法').closest('a')!.getAttribute('href')).toBe('/policyDetail/1');
    const external = screen.getByText('外链文章').closest('a')!;
    expect([external.getAttribute('href'), external.getAttribute('target'), external.getAttribute('rel')]).toEqual([
      'https://example.gov.cn/a',
      '_blank',
      'noopener noreferrer',
    ]);
    // A sub-catalogue without a route of its own opens at /categoryDetail.
    expect(screen.getByText('下级栏目的文章').closest('a')!.getAttribute('href')).toBe('/categoryDetail?id=3');
    expect(screen.getByText('地方政策')).toBeTruthy();
  });

  it('grid: a card per article with its cover or an initial; table: rows with the catalogue column', async () => {
    // Both views load their own chunk when chosen.
    const { unmount } = renderAtRoute(<ContentList items={ITEMS} mode="grid" />, '/', '/');
    await waitFor(() => expect(document.querySelectorAll('.dl-content-grid > li')).toHaveLength(3));
    expect(document.querySelectorAll('.dl-content-grid__cover--blank')).toHaveLength(3);
    unmount();

    renderAtRoute(<ContentList items={ITEMS} mode="table" showCatalog />, '/', '/');
    expect(await screen.findAllByRole('row')).toHaveLength(4);
    expect(await screen.findByRole('columnheader', { name: '栏目' })).toBeTruthy();
    // The 栏目 column is responsive (md and up): it fills in once the table has measured the screen.
    await waitFor(() => expect(within(screen.getAllByRole('row')[3]!).getByText('地方政策')).toBeTruthy());
  });

  it('says so when there is nothing', () => {
    renderAtRoute(<ContentList items={[]} mode="bars" empty="该栏目暂无内容" />, '/', '/');
    expect(screen.getByText('该栏目暂无内容')).toBeTruthy();
  });
});

describe('ListTitle', () => {
  it('offers 全部 and the sub-catalogues as tabs and the three view modes by accessible name', () => {
    const onTab = vi.fn();
    const onMode = vi.fn();
    renderAtRoute(
      <ListTitle title="政策文件" tabs={[catalog('21', '国家政策', 'policy-national', 1)]} activeTab="" onTabChange={onTab} mode="bars" onModeChange={onMode} />,
      '/',
      '/',
    );
    expect(screen.getByRole('heading', { level: 1, name: '政策文件' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['全部', '国家政策']);
    fireEvent.click(screen.getByRole('tab', { name: '国家政策' }));
    expect(onTab).toHaveBeenCalledWith('policy-national');
    expect((screen.getByRole('radio', { name: '列表显示' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '网格显示' }));
    expect(onMode).toHaveBeenCalledWith('grid');
  });
});

describe('site navigation', () => {
  it('marks the current catalogue and folds into a menu button that opens a drawer with the same entries', async () => {
    renderAtRoute(
      <>
        <SiteNav catalogs={CATALOGS} />
        <SiteNavMenuButton catalogs={CATALOGS} />
      </>,
      '*',
      '/policyDetail/3',
    );
    const bar = screen.getByRole('navigation', { name: '栏目导航' });
    expect(bar.querySelector('.dl-site-nav__item--selected')!.textContent).toContain('政策文件');

    const toggle = screen.getByRole('button', { name: '打开栏目菜单' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const drawer = await screen.findByRole('navigation', { name: '栏目菜单' });
    expect(within(drawer).getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/');
    expect(within(drawer).getByRole('link', { name: '新闻动态' }).getAttribute('href')).toBe('/category?code=news');
    expect(within(drawer).getByRole('link', { name: '科技部' }).getAttribute('target')).toBe('_blank');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('catalogue widgets', () => {
  it('CatalogTree nests the children and marks the current one; CatalogList shows one level as tiles', () => {
    renderAtRoute(
      <>
        <CatalogTree title="栏目导航" catalogs={CATALOGS} current="policy-local" />
        <CatalogList title="栏目直达" catalogs={CATALOGS} />
      </>,
      '/',
      '/',
    );
    const tree = screen.getByRole('navigation', { name: '栏目导航' });
    const current = within(tree).getByText('地方政策');
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.closest('ul')!.closest('li')!.firstElementChild!.textContent).toBe('政策文件');
    const tiles = within(screen.getByRole('navigation', { name: '栏目直达' })).getAllByRole('link');
    expect(tiles.map((a) => a.textContent)).toEqual(['通知公告', '政策文件', '新闻动态', '科技部']);
  });

  it('CatalogContentTree lists each catalogue with its newest articles, and toasts a failure with its message', async () => {
    const tree = [
      { ...catalog('21', '国家政策', 'policy-national', 1), contents: [article('5', '国家奖励条例', 'policy-national')] },
      { ...catalog('22', '地方政策', 'policy-local', 2), contents: [] },
    ];
    const server = fakeServer({ '/rest/cmsCatalog/ListCatalogAndComTree': portalOk(tree) });
    vi.stubGlobal('fetch', server.fetch);
    const { unmount } = renderAtRoute(<CatalogContentTree catalogCode="policy" size={3} />, '/', '/');
    expect(await screen.findByText('国家奖励条例')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '地方政策' })).toBeTruthy();
    expect(server.callsTo('/rest/cmsCatalog/ListCatalogAndComTree')[0]!.body).toEqual({ catalogCode: 'policy', size: 3 });
    unmount();

    vi.stubGlobal('fetch', fakeServer({ '/rest/cmsCatalog/ListCatalogAndComTree': portalRefuse(404, '栏目不存在') }).fetch);
    renderAtRoute(<CatalogContentTree catalogCode="gone" />, '/', '/');
    await waitFor(() => expect(document.querySelector('.dl-message__notice--error')?.textContent).toContain('栏目不存在'));
  });
});

describe('Banner', () => {
  it('shows each picture with its title, linked when it has a link; nothing without pictures', () => {
    const { unmount } = renderAtRoute(
      <Banner
        banners={[
          { bannerId: '1', title: '提名启动', imageUrl: '/a.png', linkUrl: 'https://example.gov.cn', openType: 'EXTERNAL_OPEN' },
          { bannerId: '2', title: '颁奖大会', imageUrl: '/b.png', linkUrl: null, openType: 'INTERNAL_OPEN' },
        ]}
      />,
      '/',
      '/',
    );
    const region = screen.getByRole('region', { name: '轮播图' });
    const linked = within(region).getAllByRole('img', { name: '提名启动' })[0]!.closest('a')!;
    expect([linked.getAttribute('href'), linked.getAttribute('target')]).toEqual(['https://example.gov.cn', '_blank']);
    expect(within(region).getAllByRole('img', { name: '颁奖大会', hidden: true })[0]!.closest('a')).toBeNull();
    unmount();

    const { container } = renderAtRoute(<Banner banners={[]} />, '/', '/');
    expect(container.querySelector('.dl-banner')).toBeNull();
  });
});
