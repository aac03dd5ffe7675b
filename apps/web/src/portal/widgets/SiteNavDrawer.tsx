import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Drawer, Menu, type MenuProps } from 'antd';
import type { PortalCatalog } from '../api';
import { CatalogLink } from './CatalogLink';
import { bySort } from './navigation';

type MenuItems = NonNullable<MenuProps['items']>;

function menuItems(catalogs: readonly PortalCatalog[]): MenuItems {
  return [...catalogs].sort(bySort).map((catalog) => {
    const label = <CatalogLink catalog={catalog}>{catalog.catalogName}</CatalogLink>;
    if (catalog.children.length === 0) return { key: catalog.code, label };
    // A parent is a page of its own too: its name opens it, the arrow opens its children.
    return { key: catalog.code, label, children: menuItems(catalog.children) };
  });
}

interface SiteNavDrawerProps {
  open: boolean;
  onClose: () => void;
  catalogs: readonly PortalCatalog[];
  selectedKey: string;
  extra?: ReactNode;
}

/** The phone navigation: 首页 and the catalogue tree in a drawer from the right; choosing one closes it. */
export default function SiteNavDrawer({ open, onClose, catalogs, selectedKey, extra }: SiteNavDrawerProps) {
  const items: MenuItems = [{ key: '', label: <Link to="/">首页</Link> }, ...menuItems(catalogs)];
  return (
    <Drawer title="栏目导航" placement="right" open={open} onClose={onClose} className="dl-site-nav__drawer">
      {extra}
      <nav aria-label="栏目菜单">
        <Menu mode="inline" items={items} selectedKeys={[selectedKey]} onClick={onClose} />
      </nav>
    </Drawer>
  );
}
