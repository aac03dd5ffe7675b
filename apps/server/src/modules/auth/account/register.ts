import { EMAIL_MESSAGE, isEmail, isMobileStrict, MOBILE_MESSAGE, type ServerBody } from '@dandelion/shared';
import { PHONE_REGISTERED } from '@dandelion/shared/validators';
import { isUsername, USERNAME_MESSAGE, type AvailabilityField, type registerCalls } from '@dandelion/shared/auth/register';
import type { Executor } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { hashPassword } from '../../../core/password';
import { withTransaction } from '../../../core/transaction';
import type { CaptchaService } from '../captcha/module';
import type { UserPort, VerifyCodePort } from '../directory/module';
import { CAPTCHA_WRONG, type ClientMeta, type LoginResult, type LoginService } from '../login/module';

export const APPLICANT_ROLE = 'APPLICANT';
export const USERNAME_TAKEN = '用户名已被注册';
export const EMAIL_TAKEN = '该邮箱已被注册';
export const SMS_CODE_WRONG = '短信验证码错误或已过期，请重新获取';

export type RegistrationInput = ServerBody<typeof registerCalls.register>;

export interface RegistrationDeps {
  db: Executor;
  users: Pick<UserPort, 'findByUsername' | 'findByPhone' | 'findByEmail' | 'createRegistered'>;
  codes: Pick<VerifyCodePort, 'verify' | 'request'>;
  captchas: Pick<CaptchaService, 'consume'>;
  /** A new account is signed in at once: the same session and sign-in log entry as a password sign-in. */
  login: Pick<LoginService, 'completeLogin'>;
}

/** Self-registration of applicants (spec §7 /rest/register/*): duplicates, SMS proof of the phone, the applicant role. */
export function createRegistrationService({ db, users, codes, captchas, login }: RegistrationDeps) {
  /** Which of username, phone, email is already taken, with the message to show for it. */
  async function firstTaken(input: Partial<Record<AvailabilityField, string>>): Promise<{ field: AvailabilityField; msg: string } | null> {
    if (input.username && (await users.findByUsername(db, input.username))) return { field: 'username', msg: USERNAME_TAKEN };
    if (input.phone && (await users.findByPhone(input.phone))) return { field: 'phone', msg: PHONE_REGISTERED };
    if (input.email && (await users.findByEmail(input.email))) return { field: 'email', msg: EMAIL_TAKEN };
    return null;
  }

  return {
    /** The REGISTER code goes out only after a right answer to a live image captcha, which the check spends. */
    async sendCode(input: { phone: string; captchaKey: string; captchaCode: string }, ip: string) {
      if (!(await captchas.consume(input.captchaKey, input.captchaCode))) throw new AppError(400, 'CAPTCHA_WRONG', CAPTCHA_WRONG);
      return codes.request({ phone: input.phone, purpose: 'REGISTER', ip });
    },

    /** Creates the applicant's account and signs it in: the answer is the sign-in's (token and userInfo). */
    async register(input: RegistrationInput, meta: ClientMeta): Promise<LoginResult> {
      // Friendly messages first; the unique indexes still decide a race (409 naming the field).
      const taken = await firstTaken(input);
      if (taken) throw new AppError(409, '409', taken.msg, { field: taken.field });
      if (!(await codes.verify(input.phone, 'REGISTER', input.smsCode))) throw errors.badRequest(SMS_CODE_WRONG);
      const passwordHash = await hashPassword(input.password);
      const user = await withTransaction(db, (tx) =>
        users.createRegistered(
          tx,
          {
            username: input.username,
            passwordHash,
            realname: input.realname,
            phone: input.phone,
            email: input.email,
            idType: input.idType,
            idNumber: input.idNumber,
            unitName: input.unitName,
            unitCode: input.unitCode ?? null,
          },
          [APPLICANT_ROLE],
        ),
      );
      return login.completeLogin(user, input.username.toLowerCase(), 'ACCOUNT', meta);
    },

    /** Live check for the registration form: the format first, then whether the value is free. */
    async checkAvailable(field: AvailabilityField, raw: string): Promise<{ available: boolean; msg: string }> {
      const value = raw.trim();
      const formatOk = field === 'username' ? isUsername(value) : field === 'phone' ? isMobileStrict(value) : isEmail(value);
      if (!formatOk) return { available: false, msg: field === 'username' ? USERNAME_MESSAGE : field === 'phone' ? MOBILE_MESSAGE : EMAIL_MESSAGE };
      const taken = await firstTaken({ [field]: value });
      return taken ? { available: false, msg: taken.msg } : { available: true, msg: '可以使用' };
    },

    /** The unit's name and code are well-formed and the code's GB 32100-2015 check character holds (checked by the schema). */
    verifyUnit(input: { unitName: string; unitCode: string }): { unitName: string; unitCode: string; valid: true } {
      return { unitName: input.unitName, unitCode: input.unitCode, valid: true };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
