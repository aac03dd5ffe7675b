import { maskIdNumber } from '@dandelion/shared';
import { PHONE_BOUND } from '@dandelion/shared/validators';
import type { IdType } from '@dandelion/shared/auth/profile';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Actor } from '../../../core/records';
import type { UserPort, VerifyCodePort } from '../directory/module';
import { EMAIL_TAKEN } from './register';

export const BIND_CODE_WRONG = '短信验证码错误或已过期，请重新获取';
export const BIND_CODE_REQUIRED = '更换手机号需要短信验证码';
export const NOTHING_TO_CHANGE = '请填写要修改的手机号或邮箱';
export const ALREADY_VERIFIED = '已完成实名认证，如需更改请联系管理员';

export interface ProfileDeps {
  db: Executor;
  users: Pick<UserPort, 'findById' | 'findByPhone' | 'findByEmail' | 'updateFields'>;
  codes: Pick<VerifyCodePort, 'verify'>;
}

/** The signed-in user's own phone, email and verified identity. */
export function createProfileService({ db, users, codes }: ProfileDeps) {
  async function me(actor: Actor) {
    const user = await users.findById(actor.id);
    if (!user) throw errors.notFound('用户');
    return user;
  }
  async function ensurePhoneFree(phone: string, userId: number) {
    const owner = await users.findByPhone(phone);
    if (owner && owner.id !== userId) throw errors.conflict(PHONE_BOUND);
  }

  return {
    /** Binds (or replaces) the phone after proving it with its BIND_PHONE code. */
    async bindPhone(actor: Actor, phone: string, code: string): Promise<{ phone: string }> {
      await me(actor);
      await ensurePhoneFree(phone, actor.id);
      if (!(await codes.verify(phone, 'BIND_PHONE', code))) throw errors.badRequest(BIND_CODE_WRONG);
      // A race with another binding is settled by the unique index (409).
      await users.updateFields(db, actor.id, { phone }, actor);
      return { phone };
    },

    /** Phone (with its BIND_PHONE code) and/or email in one call. */
    async updatePhoneAndMail(actor: Actor, input: { phone?: string; code?: string; email?: string }): Promise<{ phone: string | null; email: string | null }> {
      const user = await me(actor);
      const phone = input.phone && input.phone !== user.phone ? input.phone : undefined;
      const email = input.email && input.email.toLowerCase() !== user.email?.toLowerCase() ? input.email : undefined;
      if (!input.phone && !input.email) throw errors.badRequest(NOTHING_TO_CHANGE);
      if (phone) {
        await ensurePhoneFree(phone, actor.id);
        if (!input.code) throw errors.badRequest(BIND_CODE_REQUIRED);
      }
      if (email) {
        const owner = await users.findByEmail(email);
        if (owner && owner.id !== actor.id) throw errors.conflict(EMAIL_TAKEN);
      }
      if (phone && !(await codes.verify(phone, 'BIND_PHONE', input.code!))) throw errors.badRequest(BIND_CODE_WRONG);
      const updated = phone || email ? await users.updateFields(db, actor.id, { ...(phone ? { phone } : {}), ...(email ? { email } : {}) }, actor) : user;
      return { phone: updated?.phone ?? null, email: updated?.email ?? null };
    },

    /** Real name + ID number, format and (resident ID) check digit and birth date checked by the schema; stored as verified. */
    async verifyIdentity(actor: Actor, input: { realname: string; idType: IdType; idNumber: string }) {
      const user = await me(actor);
      if (user.identityVerified) throw errors.conflict(ALREADY_VERIFIED);
      const now = new Date();
      const idNumber = input.idNumber.toUpperCase();
      await users.updateFields(db, actor.id, { realname: input.realname, idType: input.idType, idNumber, identityVerified: true, identityVerifiedAt: now }, actor);
      return { identityVerified: true, realname: input.realname, idType: input.idType, idNumberMasked: maskIdNumber(idNumber), verifiedAt: now };
    },

    async identity(actor: Actor) {
      const user = await me(actor);
      return {
        identityVerified: user.identityVerified,
        realname: user.realname,
        idType: user.idType,
        idNumberMasked: maskIdNumber(user.idNumber),
        verifiedAt: user.identityVerifiedAt,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
