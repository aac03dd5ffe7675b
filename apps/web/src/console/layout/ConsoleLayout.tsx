import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { Layout } from 'antd';
import { useConsoleStore } from '../../api/consoleStore';
import { useNarrowScreen } from '../../components/useNarrowScreen';
import { useRecordMenuView } from '../recentMenus';
import { ConsoleThemeProvider } from '../theme/ConsoleThemeProvider';
import { resolveTheme } from '../theme/themeModel';
import { consoleThemeVars, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../theme/themeTokens';
import { ConsolePageHead } from './ConsoleBreadcrumb';
import { ConsoleHeader } from './ConsoleHeader';
import { ConsoleMenu } from './ConsoleMenu';
import { PageStack } from './PageStack';
import { TabBar } from './TabBar';
import { useConsoleTabs } from './useConsoleTabs';
import './console-layout.css';

// The theme drawer (colour picker, sliders, selects) is a chunk of its own, loaded when first opened.
const ThemeDrawer = lazy(() => import('../theme/ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));

export const CONSOLE_FOOTER_TEXT = '© 蒲公英 科技奖励申报与评审平台';

/**
 * The console frame (spec §2: the root layout the theme names): 'cms-layout' puts the menu in a
 * foldable sidebar, 'top-layout' in a bar under the header. Both share one tree whose page area
 * keeps its place, so switching layout in the theme drawer does not remount the open pages.
 */
export default function ConsoleLayout() {
  const theme = useConsoleStore((s) => s.theme);
  const layoutUiName = useConsoleStore((s) => s.layoutUiName);
  const resolved = useMemo(() => resolveTheme(theme, layoutUiName), [theme, layoutUiName]);
  const vars = useMemo(() => consoleThemeVars(theme, layoutUiName), [theme, layoutUiName]);
  const side = resolved.layout === 'cms-layout';

  const [collapsed, setCollapsed] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  // Mounted from the first opening on, so closing it keeps antd's closing animation.
  const [themeWanted, setThemeWanted] = useState(false);
  const tabs = useConsoleTabs();
  useRecordMenuView();
  // On a phone the folded menu takes no width (the list keeps the screen) and opening a page folds it again.
  const narrow = useNarrowScreen();
  const [foldedFor, setFoldedFor] = useState(tabs.activePath);
  if (narrow && foldedFor !== tabs.activePath) {
    setFoldedFor(tabs.activePath);
    setCollapsed(true);
  }

  const classes = [
    'dl-console',
    `dl-console--${side ? 'side' : 'top'}`,
    resolved.fixHeader && 'dl-console--fixed-header',
    resolved.fixFooter && 'dl-console--fixed-footer',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ConsoleThemeProvider>
      <Layout className={classes} style={vars} data-layout={resolved.layout} data-testid="console-layout">
        <div className="dl-console-top">
          <ConsoleHeader
            collapsed={collapsed}
            onToggleCollapsed={side ? () => setCollapsed((c) => !c) : undefined}
            onOpenTheme={() => {
              setThemeWanted(true);
              setThemeOpen(true);
            }}
          />
          {side ? null : (
            <div className="dl-console-topnav">
              <ConsoleMenu mode="horizontal" />
            </div>
          )}
        </div>
        <Layout className="dl-console-body">
          {side ? (
            <Layout.Sider
              className="dl-console-sider"
              theme="light"
              width={SIDER_WIDTH}
              collapsedWidth={narrow ? 0 : SIDER_COLLAPSED_WIDTH}
              collapsible
              collapsed={collapsed}
              trigger={null}
              breakpoint="lg"
              onBreakpoint={(narrow) => setCollapsed(narrow)}
            >
              <ConsoleMenu mode="inline" collapsed={collapsed} />
            </Layout.Sider>
          ) : null}
          <Layout className="dl-console-main">
            {resolved.multiTab ? <TabBar controller={tabs} /> : null}
            <Layout.Content className="dl-console-content">
              <ConsolePageHead title={tabs.activeTitle} />
              {resolved.multiTab ? <PageStack tabs={tabs.tabs} activePath={tabs.activePath} /> : <Outlet />}
            </Layout.Content>
            {resolved.showFooter ? (
              <Layout.Footer className="dl-console-footer" data-testid="console-footer">
                {CONSOLE_FOOTER_TEXT}
              </Layout.Footer>
            ) : null}
          </Layout>
        </Layout>
      </Layout>
      {themeWanted && (
        <Suspense fallback={null}>
          <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      )}
    </ConsoleThemeProvider>
  );
}
