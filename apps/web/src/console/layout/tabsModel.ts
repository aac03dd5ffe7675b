/**
 * The multi-tab bar's list (spec §3 Theme: multiTab). Pure: each action answers the new list and,
 * when the open page goes away, where to go instead.
 */

export interface PageTab {
  /** The page's pathname: one tab per page. */
  path: string;
  /** Pathname with the query, so returning to a tab restores its query too. */
  fullPath: string;
  /** Title known when the tab opened (the menu's title wins when it has one). */
  title: string;
  /** Bumped by 刷新: the page's key changes, so it mounts afresh. */
  version: number;
}

export interface TabChange {
  tabs: PageTab[];
  /** Where to navigate when the current page was closed; null to stay. */
  goTo: string | null;
}

/** Adds the page (after the others) or brings its query and title up to date. Home always comes first. */
export function openTab(tabs: readonly PageTab[], page: Omit<PageTab, 'version'>, homePath: string): PageTab[] {
  const existing = tabs.find((t) => t.path === page.path);
  const next = existing
    ? tabs.map((t) => (t.path === page.path ? { ...t, fullPath: page.fullPath, title: page.title || t.title } : t))
    : [...tabs, { ...page, version: 0 }];
  const home = next.find((t) => t.path === homePath);
  return home && next[0] !== home ? [home, ...next.filter((t) => t !== home)] : next;
}

export function isPinned(tab: PageTab, homePath: string): boolean {
  return tab.path === homePath;
}

/** 关闭: the neighbour to the right takes over, else the one to the left. */
export function closeTab(tabs: readonly PageTab[], path: string, activePath: string, homePath: string): TabChange {
  const index = tabs.findIndex((t) => t.path === path);
  const tab = tabs[index];
  if (!tab || isPinned(tab, homePath)) return { tabs: [...tabs], goTo: null };
  const rest = tabs.filter((t) => t.path !== path);
  if (path !== activePath) return { tabs: rest, goTo: null };
  const neighbour = rest[index] ?? rest[index - 1];
  return { tabs: rest, goTo: neighbour?.fullPath ?? homePath };
}

/** 关闭其他: keeps the pinned tabs and `path`, which becomes the open page. */
export function closeOtherTabs(tabs: readonly PageTab[], path: string, activePath: string, homePath: string): TabChange {
  const kept = tabs.filter((t) => t.path === path || isPinned(t, homePath));
  const target = kept.find((t) => t.path === path);
  return { tabs: kept, goTo: target && target.path !== activePath ? target.fullPath : null };
}

/** 关闭全部: only the pinned tabs stay; the home page opens. */
export function closeAllTabs(tabs: readonly PageTab[], activePath: string, homePath: string): TabChange {
  const kept = tabs.filter((t) => isPinned(t, homePath));
  return { tabs: kept, goTo: activePath === homePath ? null : (kept[0]?.fullPath ?? homePath) };
}

/** 刷新: a new key for the page, and it becomes the open one. */
export function refreshTab(tabs: readonly PageTab[], path: string, activePath: string): TabChange {
  const target = tabs.find((t) => t.path === path);
  return {
    tabs: tabs.map((t) => (t.path === path ? { ...t, version: t.version + 1 } : t)),
    goTo: target && path !== activePath ? target.fullPath : null,
  };
}
