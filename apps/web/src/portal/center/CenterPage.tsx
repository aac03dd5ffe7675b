import { useEffect, useState } from 'react';
import { displayName, useSessionStore } from '../../api/session';
import { useSignOut } from '../../auth/useSignOut';
import { avatarSrc, useCurrentUser } from '../../auth/center/api';
import { useSearchParams } from 'react-router';
import { MyDeclarations } from '../declare/mine/MyDeclarations';
import { MyObjections } from '../objection/MyObjections';
import { PortalButton, PortalCard, PortalTag } from '../shared/light';
import { CenterTabs } from './CenterTabs';
import { ProfileAvatar, logoutIcon } from './ProfileAvatar';
import './center.css';
import { lazyWithAntd } from '../shared/lazyWithAntd';

// 专家信息 is a form (antd): it loads when its tab is opened.
const ExpertProfileTab = lazyWithAntd(() => import('../expert/ExpertProfileTab').then((m) => m.ExpertProfileTab));

/** 申报人 declare; their centre opens on 我的申报. */
const APPLICANT_ROLE = 'APPLICANT';
/** `/center?tab=expert` opens 专家信息 (an accepted invitation lands there). */
const EXPERT_TAB = 'expert';
/** `/center?tab=objections` opens 我的异议 (the objection messages link there). */
const OBJECTIONS_TAB = 'objections';

/** `phones` / `mails` may hold several values separated by commas. */
const listText = (value: string | null | undefined) =>
  value
    ? value
        .split(/[,，;]/)
        .map((v) => v.trim())
        .filter(Boolean)
        .join('，')
    : '';

/**
 * /center, 个人中心 (spec §2) for portal users: who is signed in and 退出登录; for applicants
 * 我的申报 first, 专家信息 for everyone, then the same personal centre the console has (profile and avatar, password, phone and email, identity
 * verification, signed-in devices, sign-in history). The route's loader sends visitors to /login first.
 */
export default function CenterPage() {
  const session = useSessionStore((s) => s.session);
  const updateUser = useSessionStore((s) => s.updateUser);
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const { data: fresh } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const askedTab = searchParams.get('tab');

  // Keep the stored user (header name, next visit) in step with the server's answer.
  useEffect(() => {
    if (fresh) updateUser(fresh);
  }, [fresh, updateUser]);

  // The stored user first: the cards update it the moment a name or avatar is saved.
  const user = session?.userInfo ?? fresh;
  if (!user) return null;
  const name = displayName(user);
  const roles = Array.isArray(user.roles) ? user.roles : [];
  const applicant = roles.some((role) => role.roleCode === APPLICANT_ROLE);

  const leave = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <div className="dl-center">
      <PortalCard className="dl-center-profile">
        <div className="dl-center-profile__head">
          <ProfileAvatar src={avatarSrc(user.avatar)} />
          <div className="dl-center-profile__name">
            <h2>{name}</h2>
            <span>{user.username}</span>
          </div>
          <PortalButton icon={signingOut ? <span className="dl-spinner" /> : logoutIcon} onClick={() => void leave()} disabled={signingOut} aria-busy={signingOut || undefined} className="dl-center-logout">
            退出登录
          </PortalButton>
        </div>
        <dl className="dl-center-profile__details">
          <div className="dl-center-detail">
            <dt>手机号</dt>
            <dd>{listText(user.phones) || '—'}</dd>
          </div>
          <div className="dl-center-detail">
            <dt>邮箱</dt>
            <dd>{listText(user.mails) || '—'}</dd>
          </div>
          <div className="dl-center-detail">
            <dt>角色</dt>
            <dd>
              {roles.length > 0
                ? roles.map((role) => (
                    <PortalTag key={role.roleCode} color="blue">
                      {role.roleName || role.roleCode}
                    </PortalTag>
                  ))
                : '—'}
            </dd>
          </div>
        </dl>
      </PortalCard>
      {/* Keyed: when the fresh user shows the applicant role after the first render, the centre opens on 我的申报. */}
      <CenterTabs
        key={`${applicant ? 'applicant' : 'account'}:${askedTab ?? ''}`}
        defaultTab={askedTab === EXPERT_TAB || askedTab === OBJECTIONS_TAB ? askedTab : applicant ? 'declarations' : 'profile'}
        leadingTabs={[
          ...(applicant ? [{ key: 'declarations', label: '我的申报', children: <MyDeclarations /> }] : []),
          // Anyone signed in may register as an expert.
          { key: EXPERT_TAB, label: '专家信息', children: <ExpertProfileTab /> },
          { key: OBJECTIONS_TAB, label: '我的异议', children: <MyObjections /> },
        ]}
      />
    </div>
  );
}
