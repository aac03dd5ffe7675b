import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { funcCalls } from '@dandelion/shared/system/func';
import { call } from '../api/call';
import { useConsoleStore } from '../api/consoleStore';
import { menuKeyFor } from './routing/buildRoutes';

/** A menu the user opened lately (/rest/menu/UserNearMenuList). */
export type RecentMenu = CallData<typeof funcCalls.recent>[number];

export const recentMenusKey = ['console', 'recentMenus'] as const;

/**
 * Records each console page the user opens as a view of its menu entry (a hidden sub-page counts
 * for the menu it highlights), so 最近访问 on the home page follows what they actually use.
 * Silent: a failed record must never disturb the page.
 */
export function useRecordMenuView(): void {
  const { pathname } = useLocation();
  const permissionList = useConsoleStore((s) => s.permissionList);
  const queryClient = useQueryClient();
  useEffect(() => {
    const menuPath = menuKeyFor(pathname, permissionList);
    const route = permissionList.find((r) => r.path === menuPath);
    if (!route?.id) return;
    call(funcCalls.addView, { funcId: route.id }, { silent: true }).then(
      () => queryClient.invalidateQueries({ queryKey: recentMenusKey }),
      () => undefined,
    );
  }, [pathname, permissionList, queryClient]);
}

/** The user's recently opened menus, newest first (at most 16, spec §9). */
export function useRecentMenus() {
  return useQuery({
    queryKey: recentMenusKey,
    queryFn: ({ signal }) => call(funcCalls.recent, {}, { signal, silent: true }),
    staleTime: 10_000,
  });
}
