import { Link } from 'react-router';
import { Button, Layout, Tooltip } from 'antd';
import { BgColorsOutlined, GlobalOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { greetingByHour } from '@dandelion/shared';
import { displayName, useSessionStore } from '../../api/session';
import { useConsoleStore } from '../../api/consoleStore';
import { DEFAULT_TITLE } from '../../lib/pageTitle';
import { NoticeBell, UserMenu } from './HeaderActions';

interface ConsoleHeaderProps {
  /** Sidebar layout only: the fold button and its state. */
  collapsed?: boolean;
  onToggleCollapsed?: () => void;
  onOpenTheme: () => void;
}

/** Spec §9 greeting with the user's name, e.g. 下午好，系统管理员. */
export function Greeting() {
  const user = useSessionStore((s) => s.session?.userInfo);
  return (
    <span className="dl-console-header__greeting dl-ellipsis" data-testid="console-greeting">
      {greetingByHour(new Date().getHours())}，{displayName(user)}
    </span>
  );
}

/** Site name, greeting, the way back to the portal, notices, theme settings and the user menu. */
export function ConsoleHeader({ collapsed, onToggleCollapsed, onOpenTheme }: ConsoleHeaderProps) {
  const siteName = useConsoleStore((s) => s.siteName) || DEFAULT_TITLE;
  const homePath = useConsoleStore((s) => s.indexMenu.path) || '/home';

  return (
    <Layout.Header className="dl-console-header" data-testid="console-header">
      {onToggleCollapsed && (
        <Button
          type="text"
          className="dl-console-header__action"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          aria-expanded={!collapsed}
          onClick={onToggleCollapsed}
        />
      )}
      <Link to={homePath} className="dl-console-brand" aria-label={`${siteName} 控制台首页`}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="dl-console-brand__name dl-ellipsis">{siteName}</span>
      </Link>
      <div className="dl-console-header__spacer" />
      <Greeting />
      <Tooltip title="返回门户首页">
        <Link to="/" className="dl-console-header__action dl-console-header__portal" aria-label="返回门户首页">
          <GlobalOutlined />
          <span className="dl-console-header__portal-text">门户首页</span>
        </Link>
      </Tooltip>
      <NoticeBell />
      <Tooltip title="主题设置">
        <Button
          type="text"
          className="dl-console-header__action"
          icon={<BgColorsOutlined />}
          aria-label="主题设置"
          data-testid="open-theme-drawer"
          onClick={onOpenTheme}
        />
      </Tooltip>
      <UserMenu />
    </Layout.Header>
  );
}
