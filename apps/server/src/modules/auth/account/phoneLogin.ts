import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { VerifyCodeService } from '../../message/module';
import { findUserByPhone } from '../../system/user/service';
import type { ClientMeta, LoginResult, LoginService } from '../loginService';

/** One message for a wrong code, an expired one and an unknown phone: the answer does not reveal who is registered. */
export const SMS_LOGIN_FAILED = '验证码错误或已过期';

/** Sign-in with phone + SMS code (spec §7 POST /callback?client_name=captcha_client). */
export function createPhoneCodeLogin({ db, codes, login }: { db: Executor; codes: VerifyCodeService; login: LoginService }) {
  return async (input: { phone: string; code: string }, meta: ClientMeta): Promise<LoginResult> => {
    const phone = input.phone.trim();
    const user = await findUserByPhone(db, phone);
    const valid = await codes.verify(phone, 'LOGIN', input.code);
    if (!valid || !user) {
      await login.record(phone, 'SMS', meta, false, SMS_LOGIN_FAILED, user?.id ?? null);
      throw errors.unauthorized(SMS_LOGIN_FAILED);
    }
    return login.completeLogin(user, phone, 'SMS', meta);
  };
}
