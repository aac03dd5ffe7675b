import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { SESSION_LIFETIME_MS } from '@dandelion/shared';
import type { Executor } from '../../core/db';
import { ruleScopesOfHolder } from '../system/datapermission/scopes';
import type { InvalidatingCache } from '../../core/cache';
import { combineDataScopes } from '../../core/dataScope';
import type { Principal } from '../../core/permissions';
import { createdBy } from '../../core/records';
import type { FuncService } from '../system/func/service';
import { SUPER_ROLE_CODE, type RoleService } from '../system/role/service';
import { USER_STATUS, type UserService } from '../system/user/service';
import { sysSession } from './schema';
import { generateToken, sha256Hex } from '../../core/token';

export type LoginType = 'ACCOUNT' | 'PHONE_PASSWORD' | 'SMS' | 'CAS' | 'OAUTH';
export interface SessionMeta {
  loginType: LoginType;
  ip: string;
  userAgent?: string | null;
}

/** How stale last_seen_at may get before a request refreshes it: one write per session per interval, not per request. */
const LAST_SEEN_INTERVAL_MS = 5 * 60_000;

export interface SessionDeps {
  db: Executor;
  users: UserService;
  roles: RoleService;
  funcs: FuncService;
  /** Principals by token hash; revocation invalidates on every instance. */
  cache: InvalidatingCache<Principal & { expiresAt: number; lastSeenAt: number }>;
}

export function createSessionService({ db, users, roles, funcs, cache }: SessionDeps) {
  async function loadPrincipal(userId: number, sessionId: number): Promise<Principal | null> {
    const user = await users.findById(userId);
    if (!user || user.status !== USER_STATUS.NORMAL) return null;
    const userRoles = await roles.rolesOfUser(userId);
    const roleIds = userRoles.map((r) => r.id);
    const granted = await funcs.listByIds(await roles.funcIdsOfRoles(roleIds));
    const customOrgs = await roles.customOrgIdsOfRoles(roleIds);
    // Spec §6: roles and organisations also bind data-permission rules; each widens what the user sees.
    const ruleScopes = await ruleScopesOfHolder(db, { roleIds, orgId: user.orgId });
    const dataScope = combineDataScopes(
      [...userRoles.map((r) => ({ dataScope: r.dataScope, customOrgIds: customOrgs.get(r.id) })), ...ruleScopes],
      { userId: user.id, orgId: user.orgId },
    );
    return {
      userId: user.id,
      username: user.username,
      realname: user.realname,
      orgId: user.orgId,
      roleCodes: userRoles.map((r) => r.roleCode),
      permissions: new Set(granted.map((f) => f.funcCode)),
      isSuperAdmin: userRoles.some((r) => r.roleCode === SUPER_ROLE_CODE),
      dataScope,
      sessionId: String(sessionId),
    };
  }

  return {
    /** Starts a session and returns the token: the only time it exists in clear. */
    async issue(userId: number, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
      await db.insert(sysSession).values({
        tokenHash: sha256Hex(token),
        userId,
        loginType: meta.loginType,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        expiresAt,
        ...createdBy(null),
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
          await db.update(sysSession).set({ lastSeenAt: new Date(now) }).where(eq(sysSession.tokenHash, tokenHash));
        }
        return cached;
      }
      const rows = await db
        .select({ id: sysSession.id, userId: sysSession.userId, expiresAt: sysSession.expiresAt, lastSeenAt: sysSession.lastSeenAt })
        .from(sysSession)
        .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, new Date(now))))
        .limit(1);
      const session = rows[0];
      if (!session) return null;
      const principal = await loadPrincipal(session.userId, session.id);
      if (!principal) return null;
      cache.set(tokenHash, { ...principal, expiresAt: session.expiresAt.getTime(), lastSeenAt: session.lastSeenAt.getTime() });
      return principal;
    },

    /** Ends one session (sign-out). */
    async revokeToken(token: string): Promise<boolean> {
      const tokenHash = sha256Hex(token);
      const rows = await db
        .update(sysSession)
        .set({ revokedAt: new Date() })
        .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt)))
        .returning({ id: sysSession.id });
      await cache.invalidate(tokenHash);
      return rows.length > 0;
    },

    /** Ends every session of a user at once (frozen, deleted, password reset). */
    async revokeAllForUser(userId: number, exceptSessionId?: number): Promise<number> {
      const rows = await db
        .update(sysSession)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sysSession.userId, userId),
            isNull(sysSession.revokedAt),
            // "Sign out other devices" keeps the current session.
            exceptSessionId === undefined ? undefined : ne(sysSession.id, exceptSessionId),
          ),
        )
        .returning({ tokenHash: sysSession.tokenHash });
      for (const r of rows) await cache.invalidate(r.tokenHash);
      return rows.length;
    },

    /** Drops cached principals of a user so role or permission changes apply on the next request. */
    async refreshUser(userId: number): Promise<void> {
      const rows = await db
        .select({ tokenHash: sysSession.tokenHash })
        .from(sysSession)
        .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, new Date())));
      for (const r of rows) await cache.invalidate(r.tokenHash);
    },

    /**
     * Deletes sessions that ended (expired or revoked) more than `keepDays` ago. Recent ones stay
     * so the account centre can still show them. Run by the scheduler's session job.
     */
    async purgeEnded(keepDays: number): Promise<number> {
      const before = new Date(Date.now() - keepDays * 86_400_000);
      const rows = await db
        .delete(sysSession)
        .where(or(lt(sysSession.expiresAt, before), lt(sysSession.revokedAt, before)))
        .returning({ id: sysSession.id });
      return rows.length;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
