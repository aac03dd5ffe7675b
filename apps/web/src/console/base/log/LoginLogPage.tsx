import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { AccessLogTab } from './AccessLogTab';
import { LoginLogTab } from './LoginLogTab';

const TABS = ['login', 'access'] as const;

/**
 * /base/log/loginLogList: the sign-in log, and beside it the access log (page views) — both answer
 * "who came in and what did they open", and both are read with base:log:login. The open tab is kept
 * in the address (?tab=access) so a reload or a shared link shows the same tab.
 */
export default function LoginLogPage() {
  const [query, setQuery] = useSearchParams();
  const tab = TABS.find((t) => t === query.get('tab')) ?? 'login';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setQuery(key === 'login' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden={false}
        items={[
          { key: 'login', label: '登录日志', children: <LoginLogTab /> },
          { key: 'access', label: '访问日志', children: <AccessLogTab /> },
        ]}
      />
    </Card>
  );
}
