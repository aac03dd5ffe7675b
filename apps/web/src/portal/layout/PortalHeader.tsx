import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, Menu, type MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { displayName, useSessionStore } from '../../app/session';
import { useSignOut } from '../../auth/useSignOut';
import { loginPathFor } from '../../lib/redirect';
import { catalogPath, type PortalCatalog } from '../api';

interface PortalHeaderProps {
  siteName: string;
  catalogs: PortalCatalog[];
}

/** The account corner: 登录 / 注册 for visitors, the user's name (with 退出登录) when signed in. */
function AccountActions() {
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

/** Site name and the top-level catalogues as navigation; the menu folds into "…" on narrow screens. */
export function PortalHeader({ siteName, catalogs }: PortalHeaderProps) {
  const { pathname } = useLocation();
  const items: MenuProps['items'] = [...catalogs]
    .sort((a, b) => a.sort - b.sort)
    .map((catalog) => ({
      key: catalog.code,
      label: <Link to={catalogPath(catalog.code)}>{catalog.catalogName}</Link>,
    }));
  const current = decodeURIComponent(pathname.split('/')[1] ?? '');

  return (
    <header className="dl-portal-header">
      <div className="dl-portal-header__inner">
        <Link to="/" className="dl-portal-brand" aria-label={`${siteName} 首页`}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="dl-ellipsis">{siteName}</span>
        </Link>
        <nav className="dl-portal-nav" aria-label="栏目导航">
          {items.length > 0 && (
            <Menu mode="horizontal" items={items} selectedKeys={current ? [current] : []} />
          )}
        </nav>
        <AccountActions />
      </div>
    </header>
  );
}
