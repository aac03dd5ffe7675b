import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { findPgError } from '../../../core/dbErrors';
import { errors } from '../../../core/errors';
import { createdBy, notDeleted } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { createExternalUser, findUserByUsername, type UserRow, type UserService } from '../../system/user/service';
import { sha256Hex } from '../../../core/token';
import { sysUserIdentity } from './schema';

/** Role every account provisioned by single sign-on or a third-party login starts with. */
export const PROVISIONED_ROLE = 'APPLICANT';
export const ACCOUNT_DELETED = '账号已被删除，请联系管理员';

export interface ExternalProfile {
  /** 'cas' or the OIDC provider code. */
  provider: string;
  /** The provider's stable id of the user (CAS user, OIDC sub). */
  subject: string;
  realname?: string | null;
  email?: string | null;
  phone?: string | null;
  /**
   * Link an existing local account whose username equals the subject. Right for the organisation's
   * own CAS server (it speaks for the same usernames); never for third-party providers, where a
   * subject equal to a local username (say "admin") would hand that account over.
   */
  linkByUsername: boolean;
}

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;

/** Maps external identities to local accounts: linked identity → same-named account (when allowed) → new account. */
export function createIdentityService({ db, users }: { db: Executor; users: UserService }) {
  /** The linked account; undefined when the identity is not linked yet. */
  async function linkedUser(ex: Executor, provider: string, subject: string): Promise<UserRow | undefined> {
    const rows = await ex
      .select({ userId: sysUserIdentity.userId })
      .from(sysUserIdentity)
      .where(and(eq(sysUserIdentity.provider, provider), eq(sysUserIdentity.subject, subject), notDeleted(sysUserIdentity)))
      .limit(1);
    if (!rows[0]) return undefined;
    // An administrator deleted the account: it is not silently re-created.
    const user = await users.findById(rows[0].userId);
    if (!user) throw errors.forbidden(ACCOUNT_DELETED);
    return user;
  }

  /** The subject itself when it is a usable, free username; then `<provider>_<subject>`; then a hashed form. */
  async function freeUsername(ex: Executor, provider: string, subject: string): Promise<string> {
    const hashed = `${provider}_${sha256Hex(subject).slice(0, 16)}`;
    const candidates = [subject, `${provider}_${subject}`, hashed].filter((c) => USERNAME.test(c));
    for (const name of candidates) if (!(await findUserByUsername(ex, name))) return name;
    for (let i = 2; i < 100; i++) if (!(await findUserByUsername(ex, `${hashed}_${i}`))) return `${hashed}_${i}`;
    throw new Error('no free username for an external identity');
  }

  async function linkOrProvision(profile: ExternalProfile): Promise<UserRow> {
    return withTransaction(db, async (tx) => {
      const local = profile.linkByUsername && USERNAME.test(profile.subject) ? await findUserByUsername(tx, profile.subject) : null;
      const user =
        local ??
        (await createExternalUser(tx, {
          username: await freeUsername(tx, profile.provider, profile.subject),
          realname: profile.realname,
          email: profile.email,
          phone: profile.phone,
          roleCodes: [PROVISIONED_ROLE],
        }));
      await tx.insert(sysUserIdentity).values({ provider: profile.provider, subject: profile.subject, userId: user.id, ...createdBy(null) });
      return user;
    });
  }

  return {
    /** The local account behind an external identity, linked or created on first sign-in (one transaction). */
    async resolve(profile: ExternalProfile): Promise<UserRow> {
      const linked = await linkedUser(db, profile.provider, profile.subject);
      if (linked) return linked;
      try {
        return await linkOrProvision(profile);
      } catch (err) {
        // Two first sign-ins of the same person at once: the other one linked it; use that.
        if (findPgError(err)?.code !== '23505') throw err;
        const winner = await linkedUser(db, profile.provider, profile.subject);
        if (!winner) throw err;
        return winner;
      }
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
