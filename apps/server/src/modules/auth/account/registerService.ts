import { CHINESE_ID_PATTERN, EMAIL_MESSAGE, isEmail, isMobileStrict, MOBILE_MESSAGE } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { PHONE_REGISTERED } from '@dandelion/shared/message/sms';
import type { VerifyCodeService } from '../../message/module';
import { createRegisteredUser, findUserByEmail, findUserByPhone, findUserByUsername } from '../../system/user/service';
import { hashPassword } from '../../../core/password';
import { isUsername, USERNAME_MESSAGE } from './schemas';

export const APPLICANT_ROLE = 'APPLICANT';
export const USERNAME_TAKEN = '用户名已被注册';
export const EMAIL_TAKEN = '该邮箱已被注册';
export const SMS_CODE_WRONG = '短信验证码错误或已过期，请重新获取';

export interface RegistrationInput {
  username: string;
  password: string;
  realname: string;
  phone: string;
  smsCode: string;
  email: string;
  idNumber: string;
  unitName: string;
  unitCode?: string;
}
export type AvailabilityField = 'username' | 'phone' | 'email';

/** Which of username, phone, email is already taken, with the message to show for it. */
async function firstTaken(db: Executor, input: Partial<Record<AvailabilityField, string>>): Promise<{ field: AvailabilityField; msg: string } | null> {
  if (input.username && (await findUserByUsername(db, input.username))) return { field: 'username', msg: USERNAME_TAKEN };
  if (input.phone && (await findUserByPhone(db, input.phone))) return { field: 'phone', msg: PHONE_REGISTERED };
  if (input.email && (await findUserByEmail(db, input.email))) return { field: 'email', msg: EMAIL_TAKEN };
  return null;
}

/** Self-registration of applicants (spec §7 /rest/register/*): duplicates, SMS proof of the phone, the applicant role. */
export function createRegisterService({ db, codes }: { db: Executor; codes: VerifyCodeService }) {
  return {
    async register(input: RegistrationInput): Promise<{ userId: number }> {
      // Friendly messages first; the unique indexes still decide a race (409 naming the field).
      const taken = await firstTaken(db, input);
      if (taken) throw new AppError(409, '409', taken.msg, { field: taken.field });
      if (!(await codes.verify(input.phone, 'REGISTER', input.smsCode))) throw errors.badRequest(SMS_CODE_WRONG);
      const idNumber = input.idNumber.toUpperCase();
      const passwordHash = await hashPassword(input.password);
      const user = await withTransaction(db, (tx) =>
        createRegisteredUser(
          tx,
          {
            username: input.username,
            passwordHash,
            realname: input.realname,
            phone: input.phone,
            email: input.email,
            idType: CHINESE_ID_PATTERN.test(idNumber) ? 'ID_CARD' : 'PASSPORT',
            idNumber,
            unitName: input.unitName,
            unitCode: input.unitCode ?? null,
          },
          [APPLICANT_ROLE],
        ),
      );
      return { userId: user.id };
    },

    /** Live check for the registration form: the format first, then whether the value is free. */
    async checkAvailable(field: AvailabilityField, raw: string): Promise<{ available: boolean; msg: string }> {
      const value = raw.trim();
      const formatOk = field === 'username' ? isUsername(value) : field === 'phone' ? isMobileStrict(value) : isEmail(value);
      if (!formatOk) return { available: false, msg: field === 'username' ? USERNAME_MESSAGE : field === 'phone' ? MOBILE_MESSAGE : EMAIL_MESSAGE };
      const taken = await firstTaken(db, { [field]: value });
      return taken ? { available: false, msg: taken.msg } : { available: true, msg: '可以使用' };
    },

    /** The unit's name and code are well-formed and the code's GB 32100-2015 check character holds (checked by the schema). */
    verifyUnit(input: { unitName: string; unitCode: string }): { unitName: string; unitCode: string; valid: true } {
      return { unitName: input.unitName, unitCode: input.unitCode, valid: true };
    },
  };
}
export type RegisterService = ReturnType<typeof createRegisterService>;
