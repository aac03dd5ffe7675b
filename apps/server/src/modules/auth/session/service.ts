import { SESSION_LIFETIME_MS, type LoginType } from '@dandelion/shared';
import type { InvalidatingCache } from '../../../core/cache';
import type { Executor } from '../../../core/db';
import { combineDataScopes } from '../../../core/dataScope';
import type { Principal } from '../../../core/permissions';
import { generateToken, sha256Hex } from '../../../core/token';
import { ACTIVE_USER_STATUS, type DataRuleScopes, type FuncPort, type RolePort, type UserPort } from '../directory/module';
import * as repo from './repo';

export interface SessionMeta {
  loginType: LoginType;
  ip: string;
  userAgent?: string | null;
}

/** A principal as the cache keeps it: with its session's expiry and when it was last seen. */
export type CachedPrincipal = Principal & { expiresAt: number; lastSeenAt: number };

/** How stale last_seen_at may get before a request refreshes it: one write per session per interval, not per request. */
const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

export interface SessionDeps {
  db: Executor;
  users: Pick<UserPort, 'findById'>;
  roles: RolePort;
  funcs: Pick<FuncPort, 'listByIds'>;
  dataRuleScopes: DataRuleScopes;
  /** Principals by token hash; revocation invalidates on every instance. */
  cache: InvalidatingCache<CachedPrincipal>;
  /** Whether the setting requires a second factor the user has not enrolled yet (refreshUser after enrolling). */
  twoFactorDue?: (userId: number, who: { isSuperAdmin: boolean; permissions: ReadonlySet<string> }) => Promise<boolean>;
}

export function createSessionService({ db, users, roles, funcs, dataRuleScopes, cache, twoFactorDue }: SessionDeps) {
  async function loadPrincipal(userId: number, sessionId: number): Promise<Principal | null> {
    const user = await users.findById(userId);
    if (!user || user.status !== ACTIVE_USER_STATUS) return null;
    const userRoles = await roles.rolesOfUser(userId);
    const roleIds = userRoles.map((r) => r.id);
    const granted = await funcs.listByIds(await roles.funcIdsOfRoles(roleIds));
    const customOrgs = await roles.customOrgIdsOfRoles(roleIds);
    // Spec §6: roles and organisations also bind data-permission rules; each widens what the user sees.
    const ruleScopes = await dataRuleScopes({ roleIds, orgId: user.orgId });
    const dataScope = combineDataScopes(
      [...userRoles.map((r) => ({ dataScope: r.dataScope, customOrgIds: customOrgs.get(r.id) })), ...ruleScopes],
      { userId: user.id, orgId: user.orgId },
    );
    const permissions = new Set(granted.map((f) => f.funcCode));
    const isSuperAdmin = userRoles.some((r) => r.roleCode === roles.superRoleCode);
    return {
      userId: user.id,
      username: user.username,
      realname: user.realname,
      orgId: user.orgId,
      roleCodes: userRoles.map((r) => r.roleCode),
      permissions,
      isSuperAdmin,
      dataScope,
      sessionId: String(sessionId),
      twoFactorDue: twoFactorDue ? await twoFactorDue(user.id, { isSuperAdmin, permissions }) : false,
    };
  }

  const invalidateAll = async (tokenHashes: string[]) => {
    for (const tokenHash of tokenHashes) await cache.invalidate(tokenHash);
  };

  return {
    /** Starts a session and returns the token: the only time it exists in clear. */
    async issue(userId: number, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
      await repo.insertSession(db, {
        tokenHash: sha256Hex(token),
        userId,
        loginType: meta.loginType,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** The caller behind a token, or null when it is unknown, expired, revoked or the user is frozen. */
    async resolve(token: string): Promise<Principal | null> {
      const tokenHash = sha256Hex(token);
      const now = Date.now();
      const cached = cache.get(tokenHash);
      if (cached && cached.expiresAt > now) {
        if (now - cached.lastSeenAt > LAST_SEEN_INTERVAL_MS) {
          cached.lastSeenAt = now;
          await repo.touchLastSeen(db, tokenHash, new Date(now));
        }
        return cached;
      }
      const session = await repo.findLiveByTokenHash(db, tokenHash, new Date(now));
      if (!session) return null;
      const principal = await loadPrincipal(session.userId, session.id);
      if (!principal) return null;
      cache.set(tokenHash, { ...principal, expiresAt: session.expiresAt.getTime(), lastSeenAt: session.lastSeenAt.getTime() });
      return principal;
    },

    /** Ends one session (sign-out). */
    async revokeToken(token: string): Promise<boolean> {
      const tokenHash = sha256Hex(token);
      const revoked = await repo.revokeByTokenHash(db, tokenHash);
      await cache.invalidate(tokenHash);
      return revoked;
    },

    /** Ends every session of a user at once (frozen, deleted, password reset); "sign out other devices" keeps one. */
    async revokeAllForUser(userId: number, exceptSessionId?: number): Promise<number> {
      const tokenHashes = await repo.revokeAllOfUser(db, userId, exceptSessionId);
      await invalidateAll(tokenHashes);
      return tokenHashes.length;
    },

    /** Drops cached principals of a user so role or permission changes apply on the next request. */
    async refreshUser(userId: number): Promise<void> {
      await invalidateAll(await repo.liveTokenHashesOfUser(db, userId));
    },

    /** The user's live sessions, most recently active first (the account centre's device list). */
    listLive: (userId: number) => repo.listLiveOfUser(db, userId),

    /** Ends one live session of the user at once on every instance; false when no such live session is theirs. */
    async revokeOwn(userId: number, sessionId: number): Promise<boolean> {
      const tokenHash = await repo.revokeLiveOfUser(db, userId, sessionId);
      if (!tokenHash) return false;
      await cache.invalidate(tokenHash);
      return true;
    },

    /** When a session was opened (its sign-in), or null for an unknown one. */
    startedAt: (sessionId: number) => repo.sessionCreateTime(db, sessionId),

    /**
     * Deletes sessions that ended (expired or revoked) more than `keepDays` ago. Recent ones stay
     * so the account centre can still show them. Run by the scheduler's session job.
     */
    purgeEnded: (keepDays: number): Promise<number> => repo.deleteEndedBefore(db, new Date(Date.now() - keepDays * 86_400_000)),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
