import { useNavigate, useLocation } from 'react-router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { displayName, useSessionStore } from '../../api/session';
import { useSignOut } from '../../auth/useSignOut';
import { loginPathFor } from '../../lib/redirect';

/** The account corner: 登录 / 注册 for visitors, the user's name (with 退出登录) when signed in. */
export function AccountActions() {
  const session = useSessionStore((s) => s.session);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  if (!session) {
    return (
      <div className="dl-portal-header__actions">
        <Button type="primary" onClick={() => navigate(loginPathFor(pathname + search))}>
          登录
        </Button>
        <Button className="dl-hide-xs" onClick={() => navigate('/enroll')}>
          注册
        </Button>
      </div>
    );
  }
  const name = displayName(session.userInfo);
  const items: MenuProps['items'] = [
    { key: 'center', label: '个人中心' },
    { type: 'divider' },
    { key: 'logout', label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/center');
    else void signOut();
  };
  return (
    <div className="dl-portal-header__actions">
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="text" icon={<UserOutlined />} className="dl-portal-header__user">
          <span className="dl-ellipsis">{name}</span>
        </Button>
      </Dropdown>
    </div>
  );
}
