import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../auth/useSignOut';
import { PortalButton } from '../shared/light';

/** antd's UserOutlined, drawn inline. */
const userIcon = (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
    <path d="M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z" />
  </svg>
);

/**
 * The signed-in user's name with 个人中心 and 退出登录 in a drop-down menu (antd Dropdown's look: a white card
 * under the name, a divider between the two). Plain markup: a signed-in page does not load antd's menu for it.
 */
export default function UserMenu({ name }: { name: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const choose = (key: 'center' | 'logout') => {
    setOpen(false);
    if (key === 'center') navigate('/center');
    else void signOut();
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    e.preventDefault();
  };
  return (
    <div className="dl-user-menu" ref={box} onKeyDown={onKeyDown}>
      <PortalButton variant="text" icon={userIcon} className="dl-portal-header__user" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="dl-ellipsis">{name}</span>
      </PortalButton>
      {open && (
        <ul className="dl-user-menu__list" role="menu">
          <li role="menuitem" tabIndex={-1} onClick={() => choose('center')} onKeyDown={(e) => e.key === 'Enter' && choose('center')}>
            个人中心
          </li>
          <li role="separator" className="dl-user-menu__divider" />
          <li role="menuitem" tabIndex={-1} onClick={() => choose('logout')} onKeyDown={(e) => e.key === 'Enter' && choose('logout')}>
            退出登录
          </li>
        </ul>
      )}
    </div>
  );
}
