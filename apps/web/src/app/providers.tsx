import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { appTheme } from './theme';

dayjs.locale('zh-cn');

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a page relies on: Ant Design in Chinese with the brand theme (one ConfigProvider),
 * antd's App (context-aware message / notification / modal via App.useApp), and TanStack Query.
 * `autoInsertSpace: false` keeps two-character buttons as "登录", not "登 录".
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
