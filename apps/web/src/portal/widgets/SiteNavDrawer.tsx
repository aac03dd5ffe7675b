import type { ReactNode } from 'react';
import { Drawer, Menu, type MenuProps } from 'antd';

export type MenuItems = NonNullable<MenuProps['items']>;

interface SiteNavDrawerProps {
  open: boolean;
  onClose: () => void;
  items: MenuItems;
  selectedKeys: string[];
  extra?: ReactNode;
}

/** The phone navigation: the site's entries in a drawer from the right; choosing one closes it. */
export default function SiteNavDrawer({ open, onClose, items, selectedKeys, extra }: SiteNavDrawerProps) {
  return (
    <Drawer title="栏目导航" placement="right" open={open} onClose={onClose} className="dl-site-nav__drawer">
      {extra}
      <nav aria-label="栏目菜单">
        <Menu mode="inline" items={items} selectedKeys={selectedKeys} onClick={onClose} />
      </nav>
    </Drawer>
  );
}
