import { useNavigate } from 'react-router';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { ACCOUNT_CENTER_PATH } from '../../api/consoleStore';
import { displayName, useSessionStore } from '../../api/session';
import { useSignOut } from '../../auth/useSignOut';

/** The bell and its panel belong to the messaging feature (console/message/my). */
export { NoticeBell } from '../message/my/NoticeBell';

/** Avatar and name; 个人中心 and 退出登录 (after a confirmation, spec §4 Logout). */
export function UserMenu() {
  const user = useSessionStore((s) => s.session?.userInfo);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { modal } = App.useApp();
  const name = displayName(user);

  const items: MenuProps['items'] = [
    { key: 'center', icon: <IdcardOutlined />, label: '个人中心' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
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
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="dl-console-header__user" aria-label={`用户菜单：${name}`} data-testid="console-user-menu">
        <Avatar size={28} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="dl-console-header__user-name dl-ellipsis">{name}</span>
      </Button>
    </Dropdown>
  );
}
