import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { displayName, useSessionStore } from '../../api/session';

/** The bell and its panel belong to the messaging feature (console/message/my). */
export { NoticeBell } from '../message/my/NoticeBell';

// The menu (antd Dropdown, the sign-out and its request layer) loads with the first click on the button.
const UserMenuDropdown = lazy(() => import('./UserMenuDropdown').then((m) => ({ default: m.UserMenuDropdown })));

/** The user's picture, or a person icon in a circle: antd's Avatar look (console-layout.css). */
function UserAvatar({ src }: { src: string | undefined }) {
  return <span className="dl-avatar">{src ? <img src={src} alt="" /> : <UserOutlined />}</span>;
}

/** Avatar and name; a click opens the user menu (UserMenuDropdown). */
export function UserMenu() {
  const user = useSessionStore((s) => s.session?.userInfo);
  const [wanted, setWanted] = useState(false);
  const name = displayName(user);

  const button = (
    <Button
      type="text"
      className="dl-console-header__user"
      aria-label={`用户菜单：${name}`}
      data-testid="console-user-menu"
      onClick={() => setWanted(true)}
    >
      <UserAvatar src={user?.avatar || undefined} />
      <span className="dl-console-header__user-name dl-ellipsis">{name}</span>
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown>{button}</UserMenuDropdown>
    </Suspense>
  );
}
