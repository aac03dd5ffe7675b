import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import type { PortalCatalog } from '../api';
import { CatalogLink } from './CatalogLink';
// Type only: the drawer's code stays in its own chunk, loaded on the first tap.
import type { MenuItems } from './SiteNavDrawer';

const bySort = (a: PortalCatalog, b: PortalCatalog) => a.sort - b.sort;

function menuItems(catalogs: readonly PortalCatalog[]): MenuItems {
  return [...catalogs].sort(bySort).map((catalog) => {
    const label = <CatalogLink catalog={catalog}>{catalog.catalogName}</CatalogLink>;
    if (catalog.children.length === 0) return { key: catalog.code, label };
    // A parent is a page of its own too: its name opens it, the arrow opens its children.
    return { key: catalog.code, label, children: menuItems(catalog.children) };
  });
}

/** The catalogue the address shows: /policy → policy, /category?code=news → news. */
function useCurrentCode(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/category') return params.get('code') ?? '';
  return decodeURIComponent(pathname.split('/')[1] ?? '').replace(/Detail$/, '');
}

/** The navigation entries: 首页, then the catalogue tree in `sort` order, and the selected key. */
function useNavItems(catalogs: readonly PortalCatalog[]) {
  const current = useCurrentCode();
  const home = { key: '', label: <Link to="/">首页</Link> };
  return { items: [home, ...menuItems(catalogs)] as MenuItems, selectedKeys: [current] };
}

/** Site navigation built from the catalogue tree: a horizontal menu (wide screens). */
export function SiteNav({ catalogs }: { catalogs: readonly PortalCatalog[] }) {
  const { items, selectedKeys } = useNavItems(catalogs);
  return (
    <nav className="dl-site-nav" aria-label="栏目导航">
      <div className="dl-site-nav__inner">
        <Menu mode="horizontal" items={items} selectedKeys={selectedKeys} className="dl-site-nav__menu" />
      </div>
    </nav>
  );
}

// The drawer's code loads on the first tap: wide screens never need it.
const SiteNavDrawer = lazy(() => import('./SiteNavDrawer'));

/**
 * The same navigation on phones: a menu button opening a drawer; `extra` goes at the top of the
 * drawer (the search box).
 */
export function SiteNavMenuButton({ catalogs, extra }: { catalogs: readonly PortalCatalog[]; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { items, selectedKeys } = useNavItems(catalogs);
  return (
    <>
      <Button
        className="dl-site-nav__toggle"
        type="text"
        icon={<MenuOutlined />}
        aria-label="打开栏目菜单"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <SiteNavDrawer open={open} onClose={() => setOpen(false)} items={items} selectedKeys={selectedKeys} extra={extra} />
        </Suspense>
      )}
    </>
  );
}
