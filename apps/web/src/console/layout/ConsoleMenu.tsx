import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import { useConsoleStore, type ConsoleRoute } from '../../api/consoleStore';
import { menuIcon, type CustomIcon } from '../../components/MenuIcon';
import { menuTarget, openKeysFor, selectedMenuKey } from './menuModel';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * A menu node → an antd item. A node with children becomes a submenu, except that a lone child
 * stands in for its parent unless the parent says alwaysShow (spec §2). A node without an icon,
 * or naming one this build does not know, gets a neutral one so the entries stay aligned.
 */
function toItem(node: ConsoleRoute, customIcons: readonly CustomIcon[], inheritedIcon: string | null = null): MenuItem {
  const iconName = node.meta.icon ?? inheritedIcon;
  if (node.children.length === 1 && !node.alwaysShow) return toItem(node.children[0]!, customIcons, iconName);
  const base = { key: node.path, icon: menuIcon(iconName, customIcons) ?? <FileOutlined aria-hidden />, label: node.meta.title };
  if (node.children.length === 0) return base;
  return { ...base, children: node.children.map((child) => toItem(child, customIcons)) };
}

function targets(nodes: readonly ConsoleRoute[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    into.set(node.path, menuTarget(node));
    targets(node.children, into);
  }
  return into;
}

interface ConsoleMenuProps {
  mode: 'inline' | 'horizontal';
  /** The sidebar is folded: submenus open as popups, so open keys are left to antd. */
  collapsed?: boolean;
}

/**
 * The console menu from the visible menu tree. The current page's entry is selected — for a hidden
 * sub-page, the entry it names in activeMenu — and the groups above it open.
 */
export function ConsoleMenu({ mode, collapsed = false }: ConsoleMenuProps) {
  const menuList = useConsoleStore((s) => s.menuList);
  const permissionList = useConsoleStore((s) => s.permissionList);
  const customIcons = useConsoleStore((s) => s.customIcons);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const items = useMemo(() => menuList.map((node) => toItem(node, customIcons)), [menuList, customIcons]);
  const destinations = useMemo(() => targets(menuList), [menuList]);
  const selected = useMemo(() => selectedMenuKey(pathname, permissionList, menuList), [pathname, permissionList, menuList]);

  // Open groups follow the selection but stay as the user left the others.
  const [open, setOpen] = useState(() => ({ for: selected, keys: openKeysFor(menuList, selected) }));
  let openKeys = open.keys;
  if (open.for !== selected) {
    openKeys = [...new Set([...open.keys, ...openKeysFor(menuList, selected)])];
    setOpen({ for: selected, keys: openKeys });
  }

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const to = destinations.get(key) ?? key;
    if (/^https?:\/\//i.test(to)) window.open(to, '_blank', 'noopener,noreferrer');
    else if (to !== pathname) navigate(to);
  };

  return (
    <nav className={`dl-console-menu dl-console-menu--${mode}`} aria-label="主菜单" data-testid="console-menu">
      <Menu
        mode={mode}
        items={items}
        selectedKeys={selected ? [selected] : []}
        onClick={onClick}
        {...(mode === 'inline' && !collapsed
          ? { openKeys, onOpenChange: (keys: string[]) => setOpen({ for: selected, keys }) }
          : {})}
      />
    </nav>
  );
}
