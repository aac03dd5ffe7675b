import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { isPinned } from './tabsModel';
import type { ConsoleTabs } from './useConsoleTabs';

// The menus load with their first use (TabActions.tsx).
const TabContextMenu = lazy(() => import('./TabActions').then((m) => ({ default: m.TabContextMenu })));
const TabActionsDropdown = lazy(() => import('./TabActions').then((m) => ({ default: m.TabActionsDropdown })));

/** Where a tab's right-click menu is open: the tab and the pointer's place in the bar. */
interface ContextMenuAt {
  path: string;
  x: number;
  y: number;
}

/**
 * One tab per visited console page (spec §3 Theme: multiTab). Right-click a tab, or use the
 * button at the end of the bar for the current one, to refresh or close tabs.
 *
 * The tabs are links to open pages in a navigation list, not ARIA tabs: there are no tab panels
 * to switch between (the page is the main content), and a tab with a close button inside would be
 * a control nested in a control. The current page's link says aria-current="page".
 */
export function TabBar({ controller }: { controller: ConsoleTabs }) {
  const { tabs, activePath } = controller;
  const active = tabs.find((t) => t.path === activePath) ?? tabs[0]!;
  const activeRef = useRef<HTMLLIElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [contextMenu, setContextMenu] = useState<ContextMenuAt | null>(null);
  const [actionsWanted, setActionsWanted] = useState(false);
  const contextTab = contextMenu && tabs.find((t) => t.path === contextMenu.path);

  // The open page's tab stays in view when the bar overflows.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  const openContextMenu = (path: string, event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // The keyboard's context-menu key reports no pointer position: the menu opens under the tab.
    const box = event.currentTarget.getBoundingClientRect();
    const bar = barRef.current!.getBoundingClientRect();
    setContextMenu({ path, x: (event.clientX || box.left) - bar.left, y: (event.clientY || box.bottom) - bar.top });
  };

  const actionsButton = (
    <Button
      type="text"
      size="small"
      className="dl-console-tabs__actions"
      icon={<DownOutlined />}
      aria-label="页签操作"
      data-testid="console-tab-actions"
      onClick={() => setActionsWanted(true)}
    />
  );

  return (
    <div ref={barRef} className="dl-console-tabs" data-testid="console-tabs">
      <nav className="dl-console-tabs__nav" aria-label="已打开的页面">
        <ul className="dl-console-tabs__list">
          {tabs.map((tab) => {
            const title = controller.titleOf(tab);
            const current = tab.path === activePath;
            return (
              <li
                key={tab.path}
                ref={current ? activeRef : undefined}
                className={`dl-console-tabs__tab${current ? ' dl-console-tabs__tab--active' : ''}`}
                data-tab-path={tab.path}
              >
                <Link
                  to={tab.fullPath}
                  className="dl-console-tabs__label"
                  aria-current={current ? 'page' : undefined}
                  title={title}
                  onContextMenu={(event) => openContextMenu(tab.path, event)}
                >
                  {title}
                </Link>
                {isPinned(tab, controller.homePath) ? null : (
                  <button
                    type="button"
                    className="dl-console-tabs__close"
                    aria-label={`关闭页签 ${title}`}
                    onClick={() => controller.close(tab.path)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      {actionsWanted ? (
        <Suspense fallback={actionsButton}>
          <TabActionsDropdown tab={active} controller={controller}>
            {actionsButton}
          </TabActionsDropdown>
        </Suspense>
      ) : (
        actionsButton
      )}
      {contextMenu && contextTab && (
        <Suspense fallback={null}>
          <TabContextMenu
            key={`${contextMenu.path}@${contextMenu.x},${contextMenu.y}`}
            tab={contextTab}
            controller={controller}
            x={contextMenu.x}
            y={contextMenu.y}
            onClose={() => setContextMenu(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
