import { Link } from 'react-router';
import { Panel } from '../../components/Panel/Panel';
import { Text } from '../../components/Text/Text';
import { useSessionStore } from '../../api/session';
import { useConsoleStore, useHasPermission, type ConsoleRoute } from '../../api/consoleStore';
import { useRecentMenus, type RecentMenu } from '../recentMenus';
import { formatDateTime } from '../../lib/date';
import { DASHBOARD_PERMISSION } from './dashboard/api';
import { DashboardPanel } from './dashboard/DashboardPanel';
import { TodoCards } from './TodoCards';
import './home.css';

/** How many quick links the home page offers: a handful, not the whole menu. */
export const QUICK_LINK_COUNT = 8;

interface QuickLink {
  key: string;
  to: string;
  title: string;
  hint?: string;
}

/** Pages reachable from the menu: leaves of the visible menu, home itself excluded. */
function menuPages(menu: readonly ConsoleRoute[], homePath: string): ConsoleRoute[] {
  return menu.flatMap((r) => (r.children.length ? menuPages(r.children, homePath) : r.path === homePath ? [] : [r]));
}

/**
 * The pages the user opened lately, newest first; a newcomer with no history gets the first menu
 * pages instead, so the card is never a dead end. At most QUICK_LINK_COUNT either way.
 */
export function quickLinks(recent: readonly RecentMenu[] | undefined, menu: readonly ConsoleRoute[], homePath: string): { lately: boolean; links: QuickLink[] } {
  const visited = (recent ?? []).filter((m) => m.path && m.path !== homePath);
  if (visited.length > 0) {
    return {
      lately: true,
      links: visited.slice(0, QUICK_LINK_COUNT).map((m) => ({ key: m.funcId, to: m.path!, title: m.funcName, hint: `最近打开：${formatDateTime(m.viewTime)}` })),
    };
  }
  return {
    lately: false,
    links: menuPages(menu, homePath)
      .slice(0, QUICK_LINK_COUNT)
      .map((r) => ({ key: r.path, to: r.redirect || r.path, title: r.meta.title })),
  };
}

/**
 * /home (spec §2: home/index), the user's workbench: who they are here, what waits for them (to-do
 * cards by permission), today's figures for those who may read the logs, and a handful of quick
 * links. The greeting lives in the header, once.
 */
export default function HomePage() {
  const user = useSessionStore((s) => s.session?.userInfo);
  const { siteName, menuList, rolesList, indexMenu } = useConsoleStore();
  const homePath = indexMenu.path || '/home';
  const recent = useRecentMenus();
  const roleNames = Array.isArray(user?.roles) ? user.roles.map((r) => r.roleName || r.roleCode) : rolesList;
  const showsStatistics = useHasPermission(DASHBOARD_PERMISSION);
  const quick = quickLinks(recent.data, menuList, homePath);
  const today = new Date().toLocaleDateString('zh-CN', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' });

  return (
    <div className="dl-console-home">
      <Panel className="dl-console-home__welcome" size="small">
        <Text>
          欢迎使用{siteName || '蒲公英'}管理控制台，今天是{today}。
        </Text>
        {roleNames.length > 0 && (
          <span className="dl-console-home__roles">
            <Text type="secondary">当前角色：</Text>
            {roleNames.map((name) => (
              <span key={name} className="dl-role-tag">
                {name}
              </span>
            ))}
          </span>
        )}
      </Panel>
      <TodoCards />
      {showsStatistics && <DashboardPanel />}
      <Panel title={<h2 className="dl-console-home__heading">{quick.lately ? '最近访问' : '常用功能'}</h2>} data-testid="home-quick-links">
        {quick.links.length === 0 ? (
          <Text type="secondary">暂无可用功能，请联系管理员分配权限。</Text>
        ) : (
          <div className="dl-console-home__links">
            {quick.links.map((link) => (
              <Link key={link.key} className="dl-console-home__link dl-ellipsis" to={link.to} title={link.hint ?? link.title}>
                {link.title}
              </Link>
            ))}
          </div>
        )}
      </Panel>
    </div>
  );
}
