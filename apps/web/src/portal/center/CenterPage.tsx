import { useEffect, useState } from 'react';
import { Avatar, Card, Descriptions, Tag } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { displayName, useSessionStore } from '../../api/session';
import { useSignOut } from '../../auth/useSignOut';
import { avatarSrc, useCurrentUser } from '../../auth/center/api';
import { AccountCenterTabs } from '../../auth/center/cards/AccountCenterTabs';
import './center.css';
import { BusyButton } from '../../components/BusyButton';
import { MyDeclarations } from '../declare/mine/MyDeclarations';
import { ExpertProfileTab } from '../expert/ExpertProfileTab';
import { MyObjections } from '../objection';
import { useSearchParams } from 'react-router';

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
      <Card className="dl-center-profile">
        <div className="dl-center-profile__head">
          <Avatar size={64} src={avatarSrc(user.avatar)} icon={<UserOutlined />} />
          <div className="dl-center-profile__name">
            <h2>{name}</h2>
            <span>{user.username}</span>
          </div>
          <BusyButton icon={<LogoutOutlined />} onClick={leave} busy={signingOut} className="dl-center-logout">
            退出登录
          </BusyButton>
        </div>
        <Descriptions
          className="dl-center-profile__details"
          column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 3, xxl: 3 }}
          size="small"
        >
          <Descriptions.Item label="手机号">{listText(user.phones) || '—'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{listText(user.mails) || '—'}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {roles.length > 0
              ? roles.map((role) => (
                  <Tag key={role.roleCode} color="blue">
                    {role.roleName || role.roleCode}
                  </Tag>
                ))
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {/* Keyed: when the fresh user shows the applicant role after the first render, the centre opens on 我的申报. */}
      <AccountCenterTabs
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
