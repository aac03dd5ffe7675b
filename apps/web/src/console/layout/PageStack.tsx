import { Activity, useState, type ReactNode } from 'react';
import { useOutlet } from 'react-router';
import type { PageTab } from './tabsModel';

/**
 * Keeps the pages of open tabs alive. `useOutlet()` gives only the current match's element, so
 * the last element of each page is remembered and rendered again while its tab stays open.
 * Inactive pages sit in a hidden <Activity>: their state and DOM (typed input, scroll) survive,
 * their effects are paused until shown. Closing a tab drops its element and so unmounts the page;
 * 刷新 changes its key (the tab's version) and so mounts it afresh.
 *
 * Hidden pages still read the router's current location through hooks; pages should take what
 * they need from their own params or state, not react to another page's URL.
 */
export function PageStack({ tabs, activePath }: { tabs: readonly PageTab[]; activePath: string }) {
  const outlet = useOutlet();
  const [kept, setKept] = useState<ReadonlyMap<string, ReactNode>>(() => new Map([[activePath, outlet]]));

  // The element of each page as last shown, for the tabs open now. useOutlet's element changes only
  // when the route does, so this settles in the same render (React's "state from previous renders").
  const open = new Set([activePath, ...tabs.map((t) => t.path)]);
  if (kept.get(activePath) !== outlet || [...kept.keys()].some((path) => !open.has(path))) {
    setKept(new Map([...[...kept].filter(([path]) => open.has(path)), [activePath, outlet]]));
  }

  return tabs.map((tab) => {
    const active = tab.path === activePath;
    const element = active ? outlet : kept.get(tab.path);
    if (element === undefined) return null;
    return (
      <Activity key={`${tab.path}#${tab.version}`} mode={active ? 'visible' : 'hidden'}>
        <div className="dl-console-page" data-page-path={tab.path}>
          {element}
        </div>
      </Activity>
    );
  });
}
