import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, DownOutlined, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { isPinned, type PageTab } from './tabsModel';
import type { ConsoleTabs } from './useConsoleTabs';

type TabAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

function actionItems(tab: PageTab, controller: ConsoleTabs): MenuProps['items'] {
  const pinned = isPinned(tab, controller.homePath);
  const closable = controller.tabs.filter((t) => !isPinned(t, controller.homePath));
  return [
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
    { key: 'close', icon: <CloseOutlined />, label: '关闭', disabled: pinned },
    { key: 'closeOthers', icon: <MinusCircleOutlined />, label: '关闭其他', disabled: closable.every((t) => t.path === tab.path) },
    { key: 'closeAll', icon: <CloseCircleOutlined />, label: '关闭全部', disabled: closable.length === 0 },
  ];
}

function run(action: TabAction, path: string, controller: ConsoleTabs) {
  if (action === 'refresh') controller.refresh(path);
  else if (action === 'close') controller.close(path);
  else if (action === 'closeOthers') controller.closeOthers(path);
  else controller.closeAll();
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
  const menuFor = (tab: PageTab): MenuProps => ({
    items: actionItems(tab, controller),
    onClick: ({ key }) => run(key as TabAction, tab.path, controller),
  });

  // The open page's tab stays in view when the bar overflows.
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  return (
    <div className="dl-console-tabs" data-testid="console-tabs">
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
                <Dropdown trigger={['contextMenu']} menu={menuFor(tab)}>
                  <Link
                    to={tab.fullPath}
                    className="dl-console-tabs__label"
                    aria-current={current ? 'page' : undefined}
                    title={title}
                  >
                    {title}
                  </Link>
                </Dropdown>
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
      <Dropdown trigger={['click']} menu={menuFor(active)} placement="bottomRight">
        <Button type="text" size="small" icon={<DownOutlined />} aria-label="页签操作" data-testid="console-tab-actions" />
      </Dropdown>
    </div>
  );
}
