import { useQuery } from '@tanstack/react-query';
import { accountKeys, fetchCurrentUser, fetchIdentity } from '../../api/auth';

/** The signed-in user, fresh from /api/user/info (the stored copy shows until it answers). */
export function useCurrentUser() {
  return useQuery({ queryKey: accountKeys.user(), queryFn: ({ signal }) => fetchCurrentUser({ signal }) });
}

/** Identity verification status (/rest/identify/get). */
export function useIdentity() {
  return useQuery({ queryKey: accountKeys.identity(), queryFn: ({ signal }) => fetchIdentity({ signal }) });
}
