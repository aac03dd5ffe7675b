import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logoutOnServer } from '../api/auth';
import { readSession, useSessionStore } from '../api/session';
import { goAfterConsoleChange } from '../api/routerSwap';


/**
 * 退出登录 (spec §4 Logout): revokes the token on the server (a CAS session also signs out of CAS),
 * then clears the session, cached per-user data and queries, and goes to /login.
 * A failed server call still ends the local session.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options: { to?: string; local?: boolean } = {}) => {
      const session = readSession();
      let casLogoutUrl: string | null = null;
      // `local`: spec §4 "cancel" — the same clearing without a server call.
      if (session && !options.local) {
        try {
          casLogoutUrl = await logoutOnServer(session.token, session.method === 'cas');
        } catch {
          // no answer: the token still ends locally and expires on the server
        }
      }
      // The session, cached dictionaries and the permission list go together (spec §4); so does
      // every cached answer, which belonged to this user.
      useSessionStore.getState().signOut();
      queryClient.clear();
      if (casLogoutUrl) window.location.assign(casLogoutUrl);
      else goAfterConsoleChange(options.to ?? '/login', navigate);
    },
    [navigate, queryClient],
  );
}
