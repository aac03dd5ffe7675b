import type { LoginType } from '@dandelion/shared';
import { AppError, errors } from '../../../core/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../../core/password';
import type { CaptchaService } from '../captcha/module';
import { ACTIVE_USER_STATUS, type AuthUser, type RolePort, type UserPort, type VerifyCodePort } from '../directory/module';
import { CAPTCHA_AFTER_FAILURES, type FailureKind, type LoginLogModule } from '../loginLog/module';
import type { SessionService } from '../session/module';
import type { TwoFactorChallenge } from '@dandelion/shared/auth/twoFactor';
import { toUserInfo, type UserInfo } from './userInfo';

export const WRONG_CREDENTIALS = '用户名或密码错误';
export const CAPTCHA_REQUIRED = '请输入图形验证码';
export const CAPTCHA_WRONG = '图形验证码错误或已过期，请重新获取';
export const ACCOUNT_FROZEN = '账号已被冻结，请联系管理员';
/** One message for a wrong code, an expired one and an unknown phone: the answer does not reveal who is registered. */
export const SMS_LOGIN_FAILED = '验证码错误或已过期';
export const lockedMessage = (ms: number) => `登录失败次数过多，账号在当前网络已锁定，请在 ${Math.max(1, Math.ceil(ms / 60_000))} 分钟后重试，或使用手机验证码登录`;

/**
 * The second step of a sign-in (the two-factor module answers): null when the user has not enrolled,
 * 'TRUSTED' for a remembered device, otherwise the challenge the client must answer with a code.
 */
export interface SecondFactor {
  secondStep(user: AuthUser, loginName: string, loginType: LoginType, deviceToken?: string): Promise<null | 'TRUSTED' | TwoFactorChallenge>;
}

export interface ClientMeta {
  ip: string;
  userAgent?: string | null;
}
/** Tells an account's owner of repeated wrong passwords; never fails the sign-in it is called from. */
export type OwnerWarning = (userId: number, facts: { ip: string; failures: number }) => Promise<void>;

export interface LoginResult {
  token: string;
  userInfo: UserInfo & { token: string };
}
/** A password or SMS sign-in: a session, or (two-factor on) the challenge of the second step. */
export type SignInOutcome = LoginResult | TwoFactorChallenge;

// A verify against a throwaway hash when the account does not exist keeps the answer
// time the same, so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('dandelion-timing-equaliser'));

const lockedError = (ms: number) => new AppError(423, '423', lockedMessage(ms), { lockedForSeconds: Math.ceil(ms / 1000) });

export function createLoginService(deps: {
  users: Pick<UserPort, 'findByLoginName' | 'setPasswordHash'>;
  roles: Pick<RolePort, 'rolesOfUser'>;
  sessions: Pick<SessionService, 'issue'>;
  captchas: Pick<CaptchaService, 'consume'>;
  loginLogs: Pick<LoginLogModule, 'record' | 'assess'>;
  /** Enrolled users give a second factor after the password or SMS code (single sign-on is left to the provider). */
  secondFactor: SecondFactor;
}) {
  const { users, roles, sessions, captchas, loginLogs, secondFactor } = deps;
  // Messaging comes up after the identity area: the warning is wired once it exists.
  let warnOwner: OwnerWarning = async () => {};

  /** Logs one attempt in the sign-in log; only a failed password check (failureKind) counts against anyone. */
  async function record(loginName: string, loginType: LoginType, meta: ClientMeta, success: boolean, message: string, userId: number | null, failureKind: FailureKind | null = null) {
    await loginLogs.record({ loginName, userId, loginType, ip: meta.ip, userAgent: meta.userAgent ?? null, success, message, failureKind });
  }

  /** Issues the session for a user whose identity is proven, and logs the sign-in. */
  async function completeLogin(user: AuthUser, loginName: string, loginType: LoginType, meta: ClientMeta, note = '登录成功'): Promise<LoginResult> {
    if (user.status !== ACTIVE_USER_STATUS) {
      await record(loginName, loginType, meta, false, ACCOUNT_FROZEN, user.id);
      throw errors.forbidden(ACCOUNT_FROZEN);
    }
    const { token } = await sessions.issue(user.id, { loginType, ...meta });
    await record(loginName, loginType, meta, true, note, user.id);
    const userRoles = await roles.rolesOfUser(user.id);
    return { token, userInfo: { ...toUserInfo(user, userRoles), token } };
  }

  /**
   * The first factor passed: a session, unless the user has two-factor sign-in on and the request
   * carries no trusted-device token of theirs; then the challenge of the second step, and no session
   * nor success row yet (a success would reset the counters the second step's failures add to).
   */
  async function afterFirstFactor(user: AuthUser, loginName: string, loginType: LoginType, meta: ClientMeta, deviceToken?: string): Promise<SignInOutcome> {
    if (user.status !== ACTIVE_USER_STATUS) return completeLogin(user, loginName, loginType, meta);
    const step = await secondFactor.secondStep(user, loginName, loginType, deviceToken);
    if (step === null) return completeLogin(user, loginName, loginType, meta);
    if (step === 'TRUSTED') return completeLogin(user, loginName, loginType, meta, '登录成功（受信任设备）');
    return step;
  }

  return {
    completeLogin,
    afterFirstFactor,
    record,
    /** Who tells an account's owner that its password keeps failing (in-site message, SMS when bound). */
    setOwnerWarning(warning: OwnerWarning) {
      warnOwner = warning;
    },

    /** Account (or phone) and password: spec §7 POST /callback?client_name=myform_client. */
    async loginWithPassword(input: { username: string; password: string; captchaKey?: string; captchaCode?: string; deviceToken?: string }, meta: ClientMeta): Promise<SignInOutcome> {
      const loginName = input.username.trim().toLowerCase();
      const risk = await loginLogs.assess(loginName, meta.ip);
      if (risk.lockedForMs > 0) {
        const error = lockedError(risk.lockedForMs);
        await record(loginName, 'ACCOUNT', meta, false, error.message, null);
        throw error;
      }
      // A captcha sent is checked even when not required: a wrong one is refused before the password is.
      const captchaSent = !!input.captchaKey && !!input.captchaCode;
      if (risk.captchaRequired && !captchaSent) throw new AppError(400, 'CAPTCHA_REQUIRED', CAPTCHA_REQUIRED, { captchaRequired: true });
      if (captchaSent) {
        if (!(await captchas.consume(input.captchaKey!, input.captchaCode!))) {
          await record(loginName, 'ACCOUNT', meta, false, CAPTCHA_WRONG, null);
          throw new AppError(400, 'CAPTCHA_WRONG', CAPTCHA_WRONG, { captchaRequired: risk.captchaRequired });
        }
      }

      const user = await users.findByLoginName(loginName);
      const loginType: LoginType = user && user.username.toLowerCase() !== loginName ? 'PHONE_PASSWORD' : 'ACCOUNT';
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await getDummyHash(), input.password), false);
      if (!user || !passwordOk) {
        await record(loginName, loginType, meta, false, WRONG_CREDENTIALS, user?.id ?? null, user ? 'PASSWORD' : 'UNKNOWN_ACCOUNT');
        const after = await loginLogs.assess(loginName, meta.ip);
        // Once per run of failures: the owner hears of it when the captcha becomes compulsory.
        if (user && after.accountFailures === CAPTCHA_AFTER_FAILURES) await warnOwner(user.id, { ip: meta.ip, failures: after.accountFailures }).catch(() => {});
        if (after.lockedForMs > 0) throw lockedError(after.lockedForMs);
        throw new AppError(401, '401', WRONG_CREDENTIALS, { captchaRequired: after.captchaRequired });
      }
      if (needsRehash(user.passwordHash!)) await users.setPasswordHash(user.id, await hashPassword(input.password));
      return afterFirstFactor(user, loginName, loginType, meta, input.deviceToken);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;

/** Sign-in with phone + SMS code (spec §7 POST /callback?client_name=captcha_client). */
export function createPhoneCodeSignIn(deps: { users: Pick<UserPort, 'findByPhone'>; codes: Pick<VerifyCodePort, 'verify'>; login: LoginService }) {
  const { users, codes, login } = deps;
  return async (input: { phone: string; code: string; deviceToken?: string }, meta: ClientMeta): Promise<SignInOutcome> => {
    const phone = input.phone.trim();
    const user = await users.findByPhone(phone);
    const valid = await codes.verify(phone, 'LOGIN', input.code);
    if (!valid || !user) {
      await login.record(phone, 'SMS', meta, false, SMS_LOGIN_FAILED, user?.id ?? null);
      throw errors.unauthorized(SMS_LOGIN_FAILED);
    }
    return login.afterFirstFactor(user, phone, 'SMS', meta, input.deviceToken);
  };
}
export type PhoneCodeSignIn = ReturnType<typeof createPhoneCodeSignIn>;
