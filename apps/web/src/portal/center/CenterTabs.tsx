import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithAntd } from '../shared/lazyWithAntd';
import { PortalCard, PortalSkeleton, PortalTabs } from '../shared/light';
import '../../auth/center/cards/account-center.css';

// The account's panes are the console's (antd forms): each loads when its tab is first opened, so an applicant's
// centre (opening on 我的申报) starts without them.
const ProfileCard = lazyWithAntd(() => import('../../auth/center/cards/ProfileCard').then((m) => m.ProfileCard));
const SecurityPane = lazyWithAntd(() => import('../../auth/center/cards/SecurityPane').then((m) => m.SecurityPane));
const SessionsCard = lazyWithAntd(() => import('../../auth/center/cards/SessionsCard').then((m) => m.SessionsCard));
const LoginLogCard = lazyWithAntd(() => import('../../auth/center/cards/LoginLogCard').then((m) => m.LoginLogCard));

export interface CenterTab {
  key: string;
  label: string;
  children: ReactNode;
}

const ACCOUNT_TABS: readonly CenterTab[] = [
  { key: 'profile', label: '基本资料', children: <ProfileCard /> },
  { key: 'security', label: '账号安全', children: <SecurityPane /> },
  { key: 'devices', label: '登录设备', children: <SessionsCard /> },
  { key: 'logins', label: '登录记录', children: <LoginLogCard /> },
];

const fallback = (
  <PortalCard>
    <PortalSkeleton title={false} rows={4} />
  </PortalCard>
);

/**
 * The portal centre's tabs: the page's own panes (我的申报, 专家信息, 我的异议), then the account's (基本资料,
 * 账号安全, 登录设备, 登录记录) — the same tabs as the console's centre, in the portal's light tabs. A pane renders
 * on its first visit and stays (hidden) after, as antd's Tabs do, so nothing is fetched before it is asked for.
 */
export function CenterTabs({ defaultTab, leadingTabs }: { defaultTab: string; leadingTabs: readonly CenterTab[] }) {
  const items = [...leadingTabs, ...ACCOUNT_TABS];
  const [tab, setTab] = useState(items.some((t) => t.key === defaultTab) ? defaultTab : 'profile');
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([tab]));
  const open = (key: string) => {
    setTab(key);
    setVisited((v) => (v.has(key) ? v : new Set(v).add(key)));
  };
  return (
    <div className="dl-account-tabs dl-center-tabs">
      <PortalTabs items={items} activeKey={tab} onChange={open} aria-label="个人中心" idPrefix="dl-center" />
      {items
        .filter((t) => visited.has(t.key))
        .map((t) => (
          <div key={t.key} role="tabpanel" id={`dl-center-panel-${t.key}`} aria-labelledby={`dl-center-tab-${t.key}`} hidden={t.key !== tab}>
            <Suspense fallback={fallback}>{t.children}</Suspense>
          </div>
        ))}
    </div>
  );
}
