import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AntdProviders } from './antdProviders';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a page relies on: TanStack Query, and Ant Design in Chinese with the brand theme and
 * antd's App (components/antd/AntdProviders.tsx). The running app gets the two separately, so the start-up
 * carries no antd: App.tsx mounts TanStack Query, the antd scope route (AntdScope.tsx) the rest.
 * Tests render a widget or a page inside both at once.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProviders>{children}</AntdProviders>
    </QueryClientProvider>
  );
}
