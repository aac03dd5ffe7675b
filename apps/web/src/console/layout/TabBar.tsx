import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
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
 */
export function TabBar({ controller }: { controller: ConsoleTabs }) {
  const { tabs, activePath } = controller;
  const active = tabs.find((t) => t.path === activePath) ?? tabs[0]!;
  const menuFor = (tab: PageTab): MenuProps => ({
    items: actionItems(tab, controller),
    onClick: ({ key, domEvent }) => {
      // The menu sits inside the tab: without this the click would also select the tab.
      domEvent.stopPropagation();
      run(key as TabAction, tab.path, controller);
    },
  });

  return (
    <div className="dl-console-tabs" data-testid="console-tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        locale={{ removeAriaLabel: '关闭页签', dropdownAriaLabel: '更多页签' }}
        activeKey={activePath}
        onChange={controller.select}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') controller.close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: !isPinned(tab, controller.homePath),
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab)}>
              <span className="dl-console-tabs__label" data-tab-path={tab.path}>
                {controller.titleOf(tab)}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={menuFor(active)} placement="bottomRight">
              <Button type="text" size="small" icon={<DownOutlined />} aria-label="页签操作" data-testid="console-tab-actions" />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
