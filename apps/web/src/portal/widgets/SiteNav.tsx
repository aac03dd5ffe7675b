import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PortalCatalog } from '../api';
import { PortalButton } from '../shared/light';
import { CatalogLink } from './CatalogLink';
import { bySort, useCurrentCode } from './navigation';
import { lazyWithAntd } from '../shared/lazyWithAntd';

/** True when `code` is the catalogue or one of its descendants. */
const holds = (catalog: PortalCatalog, code: string): boolean => catalog.code === code || catalog.children.some((c) => holds(c, code));

function NavEntry({ catalog, current }: { catalog: PortalCatalog; current: string }) {
  const selected = holds(catalog, current);
  const children = [...catalog.children].sort(bySort);
  return (
    <li className={['dl-site-nav__item', selected && 'dl-site-nav__item--selected', children.length > 0 && 'dl-site-nav__item--parent'].filter(Boolean).join(' ')}>
      <CatalogLink catalog={catalog}>{catalog.catalogName}</CatalogLink>
      {/* A parent is a page of its own too: its name opens it, hovering (or focusing) shows its children. */}
      {children.length > 0 && (
        <ul className="dl-site-nav__sub">
          {children.map((child) => (
            <NavEntry key={child.code} catalog={child} current={current} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Site navigation built from the catalogue tree: a horizontal bar of links (wide screens). */
export function SiteNav({ catalogs }: { catalogs: readonly PortalCatalog[] }) {
  const current = useCurrentCode();
  return (
    <nav className="dl-site-nav" aria-label="栏目导航">
      <div className="dl-site-nav__inner">
        <ul className="dl-site-nav__menu">
          <li className={['dl-site-nav__item', current === '' && 'dl-site-nav__item--selected'].filter(Boolean).join(' ')}>
            <Link to="/">首页</Link>
          </li>
          {[...catalogs].sort(bySort).map((catalog) => (
            <NavEntry key={catalog.code} catalog={catalog} current={current} />
          ))}
        </ul>
      </div>
    </nav>
  );
}

// The drawer's code (antd's Drawer and Menu) loads on the first tap: wide screens never need it.
const SiteNavDrawer = lazyWithAntd(() => import('./SiteNavDrawer').then((m) => m.default));

/** antd's MenuOutlined, drawn inline. */
const menuIcon = (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false">
    <path d="M904 160H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0 624H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8zm0-312H120c-4.4 0-8 3.6-8 8v64c0 4.4 3.6 8 8 8h784c4.4 0 8-3.6 8-8v-64c0-4.4-3.6-8-8-8z" />
  </svg>
);

/**
 * The same navigation on phones: a menu button opening a drawer; `extra` goes at the top of the
 * drawer (the search box).
 */
export function SiteNavMenuButton({ catalogs, extra }: { catalogs: readonly PortalCatalog[]; extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = useCurrentCode();
  return (
    <>
      <PortalButton
        className="dl-site-nav__toggle"
        variant="text"
        icon={menuIcon}
        aria-label="打开栏目菜单"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <SiteNavDrawer open={open} onClose={() => setOpen(false)} catalogs={catalogs} selectedKey={current} extra={extra} />
        </Suspense>
      )}
    </>
  );
}
