import { Link } from 'react-router';
import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { greetingByHour } from '@dandelion/shared';
import { displayName, useSessionStore } from '../../api/session';
import { useConsoleStore, useHasPermission, type ConsoleRoute } from '../../api/consoleStore';
import { useRecentMenus } from '../recentMenus';
import { formatDateTime } from '../../lib/date';
import { DASHBOARD_PERMISSION } from './dashboard/api';
import { DashboardPanel } from './dashboard/DashboardPanel';
import './home.css';

/** Pages reachable from the menu: leaves of the visible menu, home itself excluded. */
function shortcuts(menu: readonly ConsoleRoute[]): ConsoleRoute[] {
  return menu.flatMap((r) => (r.children.length ? shortcuts(r.children) : r.path === '/home' ? [] : [r]));
}

/**
 * /home (spec §2: home/index): a greeting, the user's roles, today's figures and trend charts of
 * visits and sign-ins (for those who may read those logs), recent pages and a shortcut to every
 * page the user may open.
 */
export default function HomePage() {
  const user = useSessionStore((s) => s.session?.userInfo);
  const { siteName, menuList, rolesList } = useConsoleStore();
  const now = new Date();
  const links = shortcuts(menuList);
  const recent = useRecentMenus();
  const roleNames = Array.isArray(user?.roles) ? user.roles : [];
  const showsStatistics = useHasPermission(DASHBOARD_PERMISSION);

  return (
    <div className="dl-console-home">
      <Card className="dl-console-home__welcome">
        <Typography.Title level={4}>
          {greetingByHour(now.getHours())}，{displayName(user)}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          欢迎使用{siteName || '蒲公英'}管理控制台。今天是
          {now.toLocaleDateString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}。
        </Typography.Paragraph>
        <div>
          {(roleNames.length ? roleNames.map((r) => r.roleName || r.roleCode) : rolesList).map((name) => (
            <Tag key={name} color="blue">
              {name}
            </Tag>
          ))}
        </div>
      </Card>
      {showsStatistics && <DashboardPanel />}
      <Card title="最近访问">
        {recent.data && recent.data.length > 0 ? (
          <Row gutter={[12, 12]}>
            {recent.data
              .filter((m) => m.path)
              .map((m) => (
                <Col key={m.funcId} xs={12} sm={8} md={6} xl={4}>
                  <Link className="dl-console-home__link" to={m.path!} title={`最近打开：${formatDateTime(m.viewTime)}`}>
                    {m.funcName}
                  </Link>
                </Col>
              ))}
          </Row>
        ) : (
          <Empty description={recent.isError ? '最近访问加载失败' : '还没有访问记录'} />
        )}
      </Card>
      <Card title="常用功能">
        {links.length === 0 ? (
          <Empty description="暂无可用功能，请联系管理员分配权限" />
        ) : (
          <Row gutter={[12, 12]}>
            {links.map((r) => (
              <Col key={r.path} xs={12} sm={8} md={6} xl={4}>
                <Link className="dl-console-home__link" to={r.path}>
                  {r.meta.title}
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </div>
  );
}
