import { Link, useNavigate } from 'react-router';
import { App, Avatar, Badge, Button, Dropdown, Empty, Popover, type MenuProps } from 'antd';
import { BellOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { displayName, useSessionStore } from '../../app/session';
import { useSignOut } from '../../auth/useSignOut';
import { useConsoleStore } from '../consoleStore';

/** 个人中心 (spec §2: the account centre's configured path). */
export const ACCOUNT_CENTER_PATH = '/center';
/** 查看全部消息: the account centre until the console has a message list page of its own. */
export const ALL_MESSAGES_PATH = ACCOUNT_CENTER_PATH;

/**
 * The bell: the unread count (spec §3, 0 until messages load) and a short panel. The notice list
 * itself comes with the messages feature; until then the panel only says what it knows.
 */
export function NoticeBell() {
  const unread = useConsoleStore((s) => s.unreadCount);
  const panel = (
    <div className="dl-notice-panel" data-testid="notice-panel">
      {unread === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新通知" />
      ) : (
        <p className="dl-notice-panel__count">您有 {unread} 条未读消息</p>
      )}
      <div className="dl-notice-panel__footer">
        <Link to={ALL_MESSAGES_PATH}>查看全部消息</Link>
      </div>
    </div>
  );
  return (
    <Popover content={panel} trigger="click" placement="bottomRight" title="通知">
      <Button
        type="text"
        className="dl-console-header__action"
        aria-label={unread > 0 ? `通知，${unread} 条未读` : '通知'}
        data-testid="notice-bell"
      >
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined />
        </Badge>
      </Button>
    </Popover>
  );
}

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
