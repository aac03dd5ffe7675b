import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { App, Dropdown, type MenuProps } from 'antd';
import { IdcardOutlined, LogoutOutlined } from '@ant-design/icons';
import { ACCOUNT_CENTER_PATH } from '../../api/consoleStore';
import { useSignOut } from '../../auth/useSignOut';

/**
 * The user menu itself: 个人中心 and 退出登录 (after a confirmation, spec §4 Logout). A chunk of its own,
 * loaded by the first click on the user button (HeaderActions); it opens at once, the button keeps
 * the focus the click gave it.
 */
export function UserMenuDropdown({ children }: { children: ReactElement }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(true);
  const anchor = useRef<HTMLSpanElement>(null);

  // Mounting here replaced the plain button the user clicked: the focus goes back to it.
  useEffect(() => {
    anchor.current?.querySelector('button')?.focus();
  }, []);

  const items: MenuProps['items'] = [
    { key: 'center', icon: <IdcardOutlined />, label: '个人中心' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    if (key === 'center') {
      navigate(ACCOUNT_CENTER_PATH);
      return;
    }
    modal.confirm({
      title: '退出登录',
      content: '确定要退出登录吗？',
      okText: '退出登录',
      cancelText: '取消',
      onOk: () => signOut(),
    });
  };

  return (
    <span ref={anchor} className="dl-console-header__user-anchor">
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" open={open} onOpenChange={setOpen}>
        {children}
      </Dropdown>
    </span>
  );
}
