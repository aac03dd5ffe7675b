import { createSessionService, type SessionDeps, type SessionService } from './service';

export type { CachedPrincipal, SessionMeta } from './service';
export type { SessionService };

/**
 * Sessions: issued at sign-in, resolved by the permission guard on every request, revoked at
 * sign-out, by the account centre and by the user administration. No routes of their own.
 */
export function createSessionModule(deps: SessionDeps): SessionService {
  return createSessionService(deps);
}
