import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountKeys, logoutOnServer } from '../api/auth';
import { readSession, useSessionStore } from '../app/session';


/**
 * 退出登录 (spec §4 Logout): revokes the token on the server (a CAS session also signs out of CAS),
 * then clears the session, cached per-user data and queries, and goes to /login.
 * A failed server call still ends the local session.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options: { to?: string } = {}) => {
      const session = readSession();
      let casLogoutUrl: string | null = null;
      if (session) {
        try {
          casLogoutUrl = await logoutOnServer(session.token, session.method === 'cas');
        } catch {
          // no answer: the token still ends locally and expires on the server
        }
      }
      useSessionStore.getState().signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      if (casLogoutUrl) window.location.assign(casLogoutUrl);
      else navigate(options.to ?? '/login', { replace: true });
    },
    [navigate, queryClient],
  );
}
