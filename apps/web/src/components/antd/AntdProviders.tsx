import { useMemo, type ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { appTheme } from './theme';
import { usePrefersReducedMotion, withMotionPreference } from './reducedMotion';

dayjs.locale('zh-cn');

/**
 * Ant Design in Chinese with the brand theme (one ConfigProvider) and antd's App (context-aware
 * message / notification / modal via App.useApp). `autoInsertSpace: false` keeps two-character
 * buttons as "登录", not "登 录". Loaded with the routes that use antd (AntdScope), not at start-up.
 * Without motion for users who prefer less of it; the console's theme, nested inside, inherits that.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => withMotionPreference(appTheme, reducedMotion), [reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
