import { Activity, useContext, useState, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import type { PageTab } from './tabsModel';

type LocationState = ContextType<typeof LocationContext>;

/** A kept page: its element and the location it was last shown at. */
interface KeptPage {
  element: ReactNode;
  location: LocationState;
}

/**
 * Keeps the pages of open tabs alive. `useOutlet()` gives only the current match's element, so
 * the last element of each page is remembered and rendered again while its tab stays open.
 * Inactive pages sit in a hidden <Activity>: their state and DOM (typed input, scroll) survive,
 * their effects are paused until shown. Closing a tab drops its element and so unmounts the page;
 * 刷新 changes its key (the tab's version) and so mounts it afresh.
 *
 * Each page reads the location it was shown at, not the router's current one: a hidden
 * …Detail page that read the …Upd address opened from it became a second, never-filled edit form
 * in the document, whose inputs took the ids the visible form's labels point to.
 */
export function PageStack({ tabs, activePath }: { tabs: readonly PageTab[]; activePath: string }) {
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const [kept, setKept] = useState<ReadonlyMap<string, KeptPage>>(() => new Map([[activePath, { element: outlet, location }]]));

  // The element of each page as last shown, for the tabs open now. useOutlet's element changes only
  // when the route does, so this settles in the same render (React's "state from previous renders").
  const open = new Set([activePath, ...tabs.map((t) => t.path)]);
  const current = kept.get(activePath);
  if (current?.element !== outlet || current.location !== location || [...kept.keys()].some((path) => !open.has(path))) {
    setKept(new Map([...[...kept].filter(([path]) => open.has(path)), [activePath, { element: outlet, location }]]));
  }

  return tabs.map((tab) => {
    const active = tab.path === activePath;
    const page = active ? { element: outlet, location } : kept.get(tab.path);
    if (page === undefined) return null;
    return (
      <Activity key={`${tab.path}#${tab.version}`} mode={active ? 'visible' : 'hidden'}>
        <LocationContext.Provider value={page.location}>
          <div className="dl-console-page" data-page-path={tab.path}>
            {page.element}
          </div>
        </LocationContext.Provider>
      </Activity>
    );
  });
}
