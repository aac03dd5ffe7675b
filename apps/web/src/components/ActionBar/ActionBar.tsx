import { useState, type ReactNode } from 'react';
import { Dropdown, Modal, Popconfirm, Space, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/http';
import { holdsPermission, useConsoleStore } from '../../api/consoleStore';
import { BusyButton } from '../BusyButton';

export interface ActionConfirm {
  title: ReactNode;
  description?: ReactNode;
  /** Label of the confirming button; 确定 unless given. */
  okText?: string;
}

/** One button of an action bar (spec §2 Action-button bar). */
export interface ActionButton {
  key: string;
  label: string;
  /** Shown only when the user holds this code (any of them, when a list); always shown when absent. */
  permission?: string | readonly string[];
  icon?: ReactNode;
  danger?: boolean;
  /** The page's main action (新增): a filled button in a toolbar. */
  primary?: boolean;
  /** Ask first; the action runs only after 确定. */
  confirm?: ActionConfirm;
  /**
   * The action. While a returned promise is pending the button shows a spinner. A rejection with an
   * ApiError has already been toasted by the request layer, so the bar does not show it again.
   */
  onClick: () => unknown;
  /** Secondary action: two or more of them collapse into 更多, a single one stays inline. */
  overflow?: boolean;
  disabled?: boolean;
  /** Hides the button for this row/state (e.g. 启用 on an enabled record), whatever the permission. */
  hidden?: boolean;
}

/** The buttons the user may see (spec §6: a button is shown only if its key is in the user's list). */
export function visibleActions(actions: readonly ActionButton[], authList: readonly string[]): ActionButton[] {
  return actions.filter((action) => !action.hidden && holdsPermission(authList, action.permission));
}

/**
 * Splits visible buttons into inline ones and the 更多 menu (spec §2): overflow buttons go into the
 * menu only when there are at least two of them; a lone one is shown inline, after the others.
 */
export function arrangeActions(visible: readonly ActionButton[]): { inline: ActionButton[]; more: ActionButton[] } {
  const overflow = visible.filter((action) => action.overflow);
  const main = visible.filter((action) => !action.overflow);
  if (overflow.length < 2) return { inline: [...main, ...overflow], more: [] };
  return { inline: main, more: overflow };
}

export interface ActionBarProps {
  actions: readonly ActionButton[];
  /** 'toolbar' (default) above a table; 'row' for a table's 操作 column: small link buttons. */
  variant?: 'toolbar' | 'row';
  /** Label of the overflow menu. */
  moreLabel?: string;
  className?: string;
}

/** A bar of permission-filtered buttons, usable as a page toolbar or as a table row's actions. */
export function ActionBar({ actions, variant = 'toolbar', moreLabel = '更多', className }: ActionBarProps) {
  const authList = useConsoleStore((s) => s.authList);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const { inline, more } = arrangeActions(visibleActions(actions, authList));
  if (inline.length === 0 && more.length === 0) return null;

  const row = variant === 'row';

  const run = async (action: ActionButton) => {
    setBusyKey(action.key);
    try {
      await action.onClick();
    } catch (error) {
      // An ApiError was toasted where it happened; anything else is a bug worth seeing in the console.
      if (!(error instanceof ApiError)) console.error(error);
    } finally {
      setBusyKey((current) => (current === action.key ? null : current));
    }
  };

  const renderButton = (action: ActionButton) => {
    const button = (
      <BusyButton
        key={action.key}
        busy={busyKey === action.key}
        type={row ? 'link' : action.primary ? 'primary' : 'default'}
        size={row ? 'small' : undefined}
        danger={action.danger}
        icon={action.icon}
        disabled={action.disabled}
        onClick={action.confirm ? undefined : () => void run(action)}
      >
        {action.label}
      </BusyButton>
    );
    if (!action.confirm || action.disabled) return button;
    return (
      <Popconfirm
        key={action.key}
        title={action.confirm.title}
        description={action.confirm.description}
        okText={action.confirm.okText}
        okButtonProps={{ danger: action.danger }}
        // Returning the promise keeps the confirm open with a spinner until the action settles.
        onConfirm={() => run(action)}
      >
        {button}
      </Popconfirm>
    );
  };

  const menu: MenuProps = {
    items: more.map((action) => ({
      key: action.key,
      label: action.label,
      icon: action.icon,
      danger: action.danger,
      disabled: action.disabled || busyKey === action.key,
    })),
    onClick: ({ key }) => {
      const action = more.find((candidate) => candidate.key === key);
      if (!action) return;
      if (!action.confirm) {
        void run(action);
        return;
      }
      // A popconfirm cannot anchor on a menu item that closes on click; a modal asks instead.
      void modal.confirm({
        title: action.confirm.title,
        content: action.confirm.description,
        okText: action.confirm.okText,
        okButtonProps: { danger: action.danger },
        onOk: () => run(action),
      });
    },
  };

  return (
    <>
      <Space size={row ? 0 : 8} wrap className={className}>
        {inline.map(renderButton)}
        {more.length > 0 && (
          <Dropdown menu={menu} trigger={['click']}>
            <BusyButton
              busy={more.some((action) => action.key === busyKey)}
              type={row ? 'link' : 'default'}
              size={row ? 'small' : undefined}
              icon={<DownOutlined />}
              iconPlacement="end"
            >
              {moreLabel}
            </BusyButton>
          </Dropdown>
        )}
      </Space>
      {modalHolder}
    </>
  );
}
