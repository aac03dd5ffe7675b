import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, MinusCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { isPinned, type PageTab } from './tabsModel';
import type { ConsoleTabs } from './useConsoleTabs';

/*
 * The tab bar's menus (刷新, 关闭, 关闭其他, 关闭全部): a chunk of their own, loaded by the first right-click
 * on a tab or click on 页签操作 (TabBar), so the console's first screen does without antd's Dropdown.
 */

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

function menuFor(tab: PageTab, controller: ConsoleTabs, then: () => void): MenuProps {
  return {
    items: actionItems(tab, controller),
    onClick: ({ key }) => {
      then();
      run(key as TabAction, tab.path, controller);
    },
  };
}

/** A tab's right-click menu, opened where the pointer was (x, y in the tab bar); `onClose` when it should go. */
export function TabContextMenu({ tab, controller, x, y, onClose }: { tab: PageTab; controller: ConsoleTabs; x: number; y: number; onClose: () => void }) {
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={menuFor(tab, controller, onClose)}
      placement="bottomLeft"
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <span className="dl-console-tabs__menu-point" style={{ left: x, top: y }} />
    </Dropdown>
  );
}

/** The menu of 页签操作 for the open page's tab, around the button; opens as it mounts (the first click). */
export function TabActionsDropdown({ tab, controller, children }: { tab: PageTab; controller: ConsoleTabs; children: ReactElement }) {
  const [open, setOpen] = useState(true);
  const anchor = useRef<HTMLSpanElement>(null);
  // Mounting here replaced the plain button the user clicked: the focus goes back to it.
  useEffect(() => {
    anchor.current?.querySelector('button')?.focus();
  }, []);
  return (
    <span ref={anchor} className="dl-console-tabs__actions-anchor">
      <Dropdown trigger={['click']} menu={menuFor(tab, controller, () => setOpen(false))} placement="bottomRight" open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </span>
  );
}
