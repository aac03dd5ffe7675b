import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useConsoleStore } from '../../api/consoleStore';
import { consoleThemeConfig } from './themeTokens';

/**
 * The console's antd theme, nested inside the app's ConfigProvider so only the console follows
 * the user's theme; the portal keeps the brand. Reads the store, so a drawer change previews live.
 */
export function ConsoleThemeProvider({ children }: { children: ReactNode }) {
  const theme = useConsoleStore((s) => s.theme);
  const layoutUiName = useConsoleStore((s) => s.layoutUiName);
  const config = useMemo(() => consoleThemeConfig(theme, layoutUiName), [theme, layoutUiName]);
  return (
    <ConfigProvider theme={config} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
