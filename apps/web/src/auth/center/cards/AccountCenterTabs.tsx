import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Card, Skeleton, Tabs } from 'antd';
import { ProfileCard } from './ProfileCard';
import './account-center.css';

// The other panes load when first opened: the page (and a phone on the portal) starts with the profile only.
const SecurityPane = lazy(() => import('./SecurityPane').then((m) => ({ default: m.SecurityPane })));
const SessionsCard = lazy(() => import('./SessionsCard').then((m) => ({ default: m.SessionsCard })));
const LoginLogCard = lazy(() => import('./LoginLogCard').then((m) => ({ default: m.LoginLogCard })));

export type AccountCenterTab = 'profile' | 'security' | 'devices' | 'logins';

/** A pane a centre puts before the account's own (the portal's 我的申报 for applicants). */
export interface LeadingTab {
  key: string;
  label: string;
  children: ReactNode;
}

const pane = (node: ReactNode) => (
  <Suspense
    fallback={
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    }
  >
    {node}
  </Suspense>
);

/**
 * The personal centre's body, the same in the console (/center in the console layout) and the
 * portal (applicants): 基本资料 / 账号安全 / 登录设备 / 登录记录, after any `leadingTabs` the page
 * adds (the portal's 我的申报). Panes render on first visit only,
 * so the sessions and history are not fetched until asked for.
 */
export function AccountCenterTabs({ defaultTab = 'profile', leadingTabs = [] }: { defaultTab?: string; leadingTabs?: readonly LeadingTab[] }) {
  const [tab, setTab] = useState<string>(defaultTab);
  return (
    <Tabs
      className="dl-account-tabs"
      activeKey={tab}
      onChange={setTab}
      items={[
        ...leadingTabs,
        { key: 'profile', label: '基本资料', children: <ProfileCard /> },
        { key: 'security', label: '账号安全', children: pane(<SecurityPane />) },
        { key: 'devices', label: '登录设备', children: pane(<SessionsCard />) },
        { key: 'logins', label: '登录记录', children: pane(<LoginLogCard />) },
      ]}
    />
  );
}
