import { useEffect, useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useConsoleStore } from '../../api/consoleStore';
import { componentVariables, resolveComponents } from './themeComponents';
import { consoleThemeConfig } from './themeTokens';
import './theme-components.css';

/**
 * The console's antd theme, nested inside the app's ConfigProvider so only the console follows
 * the user's theme; the portal keeps the brand. Reads the store, so a drawer change previews live.
 * The styled components' variables (button alignment, font weights) go on the document root while
 * the console is mounted: dialogs and drawers render in portals outside the console's own root.
 */
export function ConsoleThemeProvider({ children }: { children: ReactNode }) {
  const theme = useConsoleStore((s) => s.theme);
  const layoutUiName = useConsoleStore((s) => s.layoutUiName);
  const config = useMemo(() => consoleThemeConfig(theme, layoutUiName), [theme, layoutUiName]);
  useEffect(() => {
    const root = document.documentElement;
    const variables = Object.entries(componentVariables(resolveComponents(theme)));
    for (const [name, value] of variables) root.style.setProperty(name, value);
    root.classList.add('dl-console-themed');
    return () => {
      for (const [name] of variables) root.style.removeProperty(name);
      root.classList.remove('dl-console-themed');
    };
  }, [theme]);
  return (
    <ConfigProvider theme={config} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
