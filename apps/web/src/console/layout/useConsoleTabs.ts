import { useMemo, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useConsoleStore } from '../../api/consoleStore';
import { pageTitleOf } from '../../lib/pageTitle';
import { normalizePath, routeTitle } from './menuModel';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  openTab,
  refreshTab,
  type PageTab,
  type TabChange,
} from './tabsModel';

export interface ConsoleTabs {
  /** The open tabs, the current page included. */
  tabs: PageTab[];
  activePath: string;
  /** The open page's title: the menu entry's name, or the sub-page's own (新增岗位). */
  activeTitle: string;
  homePath: string;
  titleOf(tab: PageTab): string;
  select(path: string): void;
  close(path: string): void;
  closeOthers(path: string): void;
  closeAll(): void;
  refresh(path: string): void;
}

/**
 * The tab list of the console. It lives as long as the console layout: tabs and the pages they
 * keep alive go together, so leaving the console (or signing out) starts afresh.
 */
export function useConsoleTabs(): ConsoleTabs {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const permissionList = useConsoleStore((s) => s.permissionList);
  const menuList = useConsoleStore((s) => s.menuList);
  const indexMenu = useConsoleStore((s) => s.indexMenu);
  const home = useMemo(
    () => ({ path: normalizePath(indexMenu.path || '/home'), title: indexMenu.meta.title || '首页' }),
    [indexMenu],
  );

  const activePath = normalizePath(pathname);
  const fullPath = pathname + search;
  // Pages outside the menu (the blank page, say) still name themselves through the route handle.
  const title = routeTitle(activePath, permissionList, menuList, home) ?? pageTitleOf(matches) ?? activePath;

  const [stored, setStored] = useState<PageTab[]>(() => [{ path: home.path, fullPath: home.path, title: home.title, version: 0 }]);

  // Remember each page shown, in the render that shows it (React's "state from previous renders").
  const shownKey = JSON.stringify([activePath, fullPath, title, home.path]);
  const [remembered, setRemembered] = useState<string | null>(null);
  if (remembered !== shownKey) {
    setRemembered(shownKey);
    setStored((tabs) => openTab(tabs, { path: activePath, fullPath, title }, home.path));
  }

  const tabs = useMemo(() => {
    const withHome = stored.some((t) => t.path === home.path)
      ? stored
      : [{ path: home.path, fullPath: home.path, title: home.title, version: 0 }, ...stored];
    return openTab(withHome, { path: activePath, fullPath, title }, home.path);
  }, [stored, activePath, fullPath, title, home]);

  const apply = (change: TabChange) => {
    setStored(change.tabs);
    if (change.goTo) navigate(change.goTo);
  };

  return {
    tabs,
    activePath,
    activeTitle: title,
    homePath: home.path,
    titleOf: (tab) => routeTitle(tab.path, permissionList, menuList, home) ?? tab.title,
    select: (path) => {
      const tab = tabs.find((t) => t.path === path);
      if (tab && tab.path !== activePath) navigate(tab.fullPath);
    },
    close: (path) => apply(closeTab(tabs, path, activePath, home.path)),
    closeOthers: (path) => apply(closeOtherTabs(tabs, path, activePath, home.path)),
    closeAll: () => apply(closeAllTabs(tabs, activePath, home.path)),
    refresh: (path) => apply(refreshTab(tabs, path, activePath)),
  };
}
