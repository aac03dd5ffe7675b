import type { Executor } from '../../../core/db';
import { findPgError } from '../../../core/dbErrors';
import { errors } from '../../../core/errors';
import { sha256Hex } from '../../../core/token';
import { withTransaction } from '../../../core/transaction';
import type { AuthUser, UserPort } from '../directory/module';
import * as repo from './repo';

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
export function createIdentityService({ db, users }: { db: Executor; users: Pick<UserPort, 'findById' | 'findByUsername' | 'createExternal'> }) {
  /** The linked account; undefined when the identity is not linked yet. */
  async function linkedUser(ex: Executor, provider: string, subject: string): Promise<AuthUser | undefined> {
    const userId = await repo.linkedUserId(ex, provider, subject);
    if (userId === null) return undefined;
    // An administrator deleted the account: it is not silently re-created.
    const user = await users.findById(userId);
    if (!user) throw errors.forbidden(ACCOUNT_DELETED);
    return user;
  }

  /** The subject itself when it is a usable, free username; then `<provider>_<subject>`; then a hashed form. */
  async function freeUsername(ex: Executor, provider: string, subject: string): Promise<string> {
    const hashed = `${provider}_${sha256Hex(subject).slice(0, 16)}`;
    const candidates = [subject, `${provider}_${subject}`, hashed].filter((c) => USERNAME.test(c));
    for (const name of candidates) if (!(await users.findByUsername(ex, name))) return name;
    for (let i = 2; i < 100; i++) if (!(await users.findByUsername(ex, `${hashed}_${i}`))) return `${hashed}_${i}`;
    throw new Error('no free username for an external identity');
  }

  async function linkOrProvision(profile: ExternalProfile): Promise<AuthUser> {
    return withTransaction(db, async (tx) => {
      const local = profile.linkByUsername && USERNAME.test(profile.subject) ? await users.findByUsername(tx, profile.subject) : null;
      const user =
        local ??
        (await users.createExternal(tx, {
          username: await freeUsername(tx, profile.provider, profile.subject),
          realname: profile.realname,
          email: profile.email,
          phone: profile.phone,
          roleCodes: [PROVISIONED_ROLE],
        }));
      await repo.linkIdentity(tx, profile.provider, profile.subject, user.id);
      return user;
    });
  }

  return {
    /** The local account behind an external identity, linked or created on first sign-in (one transaction). */
    async resolve(profile: ExternalProfile): Promise<AuthUser> {
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
