import { recordOperation } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { generateStrongPassword, hashPassword, verifyPassword } from '../../../core/password';
import type { Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { UserPort, VerifyCodePort } from '../directory/module';
import type { SessionService } from '../session/module';

export const RESET_TOKEN_PURPOSE = 'RESET_TOKEN';
export const RESET_TOKEN_LIFETIME_MS = 10 * 60_000;
export const RESET_CODE_WRONG = '验证码错误或已过期';
export const RESET_TOKEN_INVALID = '重置凭证已失效，请重新获取短信验证码';
export const OLD_PASSWORD_WRONG = '原密码不正确';
export const SAME_PASSWORD = '新密码不能与原密码相同';
export const PASSWORD_RESET_DONE = '密码已重置，请重新登录';

export interface PasswordDeps {
  db: Executor;
  users: Pick<UserPort, 'findById' | 'findByPhone' | 'updateFields'>;
  codes: Pick<VerifyCodePort, 'verify' | 'issueToken' | 'consumeToken'>;
  sessions: Pick<SessionService, 'revokeAllForUser'>;
}

/**
 * Every password path of spec §7: change (three paths, one rule set), check, administrator reset,
 * and the forgotten-password flow through an SMS code and a one-time reset token.
 * Passwords are hashed with argon2id and never logged or returned, except a generated one, once.
 */
export function createPasswordService({ db, users, codes, sessions }: PasswordDeps) {
  async function userOrFail(userId: number) {
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('用户');
    return user;
  }

  return {
    /** Step 1 of the forgotten password: the phone's RESET_PASSWORD code buys a reset token valid 10 minutes. */
    async startReset(phone: string, code: string): Promise<{ resetToken: string; expiresIn: number }> {
      const user = await users.findByPhone(phone);
      const valid = await codes.verify(phone, 'RESET_PASSWORD', code);
      // Same answer for an unknown phone: the call does not reveal who is registered.
      if (!valid || !user) throw errors.badRequest(RESET_CODE_WRONG);
      const resetToken = await codes.issueToken(phone, RESET_TOKEN_PURPOSE, RESET_TOKEN_LIFETIME_MS);
      return { resetToken, expiresIn: RESET_TOKEN_LIFETIME_MS / 1000 };
    },

    /** Step 2: the token (once) sets the new password; every session of the account ends. */
    async finishReset(resetToken: string, newPassword: string): Promise<void> {
      const phone = await codes.consumeToken(RESET_TOKEN_PURPOSE, resetToken);
      const user = phone ? await users.findByPhone(phone) : null;
      if (!user) throw errors.badRequest(RESET_TOKEN_INVALID);
      await users.updateFields(db, user.id, { passwordHash: await hashPassword(newPassword) }, { id: user.id, name: user.username });
      await sessions.revokeAllForUser(user.id);
    },

    /** The signed-in user changes their own password; their other sessions end, the current one stays. */
    async change(actor: Actor, sessionId: string, oldPassword: string, newPassword: string): Promise<void> {
      const user = await userOrFail(actor.id);
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) throw errors.badRequest(OLD_PASSWORD_WRONG);
      if (oldPassword === newPassword) throw errors.badRequest(SAME_PASSWORD);
      await users.updateFields(db, user.id, { passwordHash: await hashPassword(newPassword) }, actor);
      await sessions.revokeAllForUser(user.id, Number(sessionId));
    },

    /** Whether a password is the signed-in user's current one (before sensitive steps). */
    async validate(userId: number, password: string): Promise<boolean> {
      const user = await userOrFail(userId);
      return !!user.passwordHash && (await verifyPassword(user.passwordHash, password));
    },

    /** Administrator reset: the given password or a generated strong one (answered once); all the user's sessions end. */
    async adminReset(actor: Actor, userId: number, newPassword?: string): Promise<{ userId: number; generatedPassword: string | null }> {
      const user = await userOrFail(userId);
      const password = newPassword ?? generateStrongPassword();
      const passwordHash = await hashPassword(password);
      await withTransaction(db, async (tx) => {
        await users.updateFields(tx, userId, { passwordHash }, actor);
        // The log says that it happened and to whom, never the password.
        await recordOperation(tx, { module: 'system:user', action: 'RESET', entityId: userId, summary: `重置用户「${user.username}」的密码`, actor });
      });
      await sessions.revokeAllForUser(userId);
      return { userId, generatedPassword: newPassword ? null : password };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
