import { lazy, Suspense } from 'react';
import { useNavigate, useLocation } from 'react-router';
import { displayName, useSessionStore } from '../../api/session';
import { loginPathFor } from '../../lib/redirect';
import { PortalButton } from '../shared/light';

// Its own small chunk: a visitor's page does not carry the signed-in menu and the sign-out code.
const UserMenu = lazy(() => import('./UserMenu'));

/** The account corner: 登录 / 注册 for visitors, the user's name (with 退出登录) when signed in. */
export function AccountActions() {
  const session = useSessionStore((s) => s.session);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  if (!session) {
    return (
      <div className="dl-portal-header__actions">
        <PortalButton variant="primary" onClick={() => navigate(loginPathFor(pathname + search))}>
          登录
        </PortalButton>
        <PortalButton className="dl-hide-xs" onClick={() => navigate('/enroll')}>
          注册
        </PortalButton>
      </div>
    );
  }
  return (
    <div className="dl-portal-header__actions">
      <Suspense fallback={<PortalButton variant="text" className="dl-portal-header__user">{displayName(session.userInfo)}</PortalButton>}>
        <UserMenu name={displayName(session.userInfo)} />
      </Suspense>
    </div>
  );
}
