import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { useConsoleStore } from '../api/consoleStore';
import { createAppRouter } from './appRouter';
import { mountedRoutes } from '../api/routerSwap';
import { createQueryClient } from './queryClient';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // The selector answers the same array (or null) until the console appears or goes.
  const mount = useConsoleStore(mountedRoutes);
  const router = useMemo(() => createAppRouter(mount), [mount]);
  useEffect(() => () => router.dispose(), [router]);
  return (
    // No antd here: its providers come with the first page (AntdScope.tsx), the start-up stays light.
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
