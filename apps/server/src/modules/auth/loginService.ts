import type { Executor } from '../../core/db';
import { AppError, errors } from '../../core/errors';
import { createdBy } from '../../core/records';
import type { RoleService } from '../system/role/service';
import { USER_STATUS, type UserRow, type UserService } from '../system/user/service';
import type { BruteForceGuard } from './bruteForce';
import type { CaptchaService } from './captchaService';
import { hashPassword, needsRehash, verifyPassword } from '../../core/password';
import { sysLoginLog } from './schema';
import type { LoginType, SessionService } from './sessionService';
import { toUserInfo, type UserInfo } from './userInfo';

export const WRONG_CREDENTIALS = '用户名或密码错误';
export const CAPTCHA_REQUIRED = '请输入图形验证码';
export const CAPTCHA_WRONG = '图形验证码错误或已过期，请重新获取';
export const ACCOUNT_FROZEN = '账号已被冻结，请联系管理员';
export const lockedMessage = (ms: number) => `登录失败次数过多，账号已锁定，请在 ${Math.max(1, Math.ceil(ms / 60_000))} 分钟后重试`;

export interface ClientMeta {
  ip: string;
  userAgent?: string | null;
}
export interface LoginResult {
  token: string;
  userInfo: UserInfo & { token: string };
}

// A verify against a throwaway hash when the account does not exist keeps the answer
// time the same, so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('dandelion-timing-equaliser'));

export function createLoginService(deps: {
  db: Executor;
  users: UserService;
  roles: RoleService;
  sessions: SessionService;
  captchas: CaptchaService;
  guard: BruteForceGuard;
}) {
  const { db, users, roles, sessions, captchas, guard } = deps;

  async function record(loginName: string, loginType: LoginType, meta: ClientMeta, success: boolean, message: string, userId: number | null) {
    await db.insert(sysLoginLog).values({
      loginName: loginName.slice(0, 64),
      userId,
      loginType,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      success,
      message,
      ...createdBy(null),
    });
  }

  /** Issues the session for a user whose identity is proven, and logs the sign-in. */
  async function completeLogin(user: UserRow, loginName: string, loginType: LoginType, meta: ClientMeta): Promise<LoginResult> {
    if (user.status !== USER_STATUS.NORMAL) {
      await record(loginName, loginType, meta, false, ACCOUNT_FROZEN, user.id);
      throw errors.forbidden(ACCOUNT_FROZEN);
    }
    const { token } = await sessions.issue(user.id, { loginType, ...meta });
    await record(loginName, loginType, meta, true, '登录成功', user.id);
    const userRoles = await roles.rolesOfUser(user.id);
    return { token, userInfo: { ...toUserInfo(user, userRoles), token } };
  }

  return {
    completeLogin,
    record,

    /** Account (or phone) and password: spec §7 POST /callback?client_name=myform_client. */
    async loginWithPassword(input: { username: string; password: string; captchaKey?: string; captchaCode?: string }, meta: ClientMeta): Promise<LoginResult> {
      const loginName = input.username.trim().toLowerCase();
      const risk = await guard.assess(loginName, meta.ip);
      if (risk.lockedForMs > 0) {
        const msg = lockedMessage(risk.lockedForMs);
        await record(loginName, 'ACCOUNT', meta, false, msg, null);
        throw new AppError(423, '423', msg, { lockedForSeconds: Math.ceil(risk.lockedForMs / 1000) });
      }
      if (risk.captchaRequired) {
        if (!input.captchaKey || !input.captchaCode) throw new AppError(400, 'CAPTCHA_REQUIRED', CAPTCHA_REQUIRED, { captchaRequired: true });
        if (!(await captchas.consume(input.captchaKey, input.captchaCode))) {
          await record(loginName, 'ACCOUNT', meta, false, CAPTCHA_WRONG, null);
          throw new AppError(400, 'CAPTCHA_WRONG', CAPTCHA_WRONG, { captchaRequired: true });
        }
      }

      const user = await users.findByLoginName(loginName);
      const loginType: LoginType = user && user.username.toLowerCase() !== loginName ? 'PHONE_PASSWORD' : 'ACCOUNT';
      const passwordOk = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await getDummyHash(), input.password), false);
      if (!user || !passwordOk) {
        await record(loginName, loginType, meta, false, WRONG_CREDENTIALS, user?.id ?? null);
        const after = await guard.assess(loginName, meta.ip);
        if (after.lockedForMs > 0) throw new AppError(423, '423', lockedMessage(after.lockedForMs), { lockedForSeconds: Math.ceil(after.lockedForMs / 1000) });
        throw new AppError(401, '401', WRONG_CREDENTIALS, { captchaRequired: after.captchaRequired });
      }
      if (needsRehash(user.passwordHash!)) await users.setPasswordHash(user.id, await hashPassword(input.password));
      return completeLogin(user, loginName, loginType, meta);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
