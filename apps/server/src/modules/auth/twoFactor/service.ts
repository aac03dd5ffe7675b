import {
  ALREADY_ENROLLED_MESSAGE,
  CHALLENGE_EXPIRED,
  CHALLENGE_LIFETIME_SECONDS,
  NO_PENDING_ENROLMENT,
  NOT_ENROLLED_MESSAGE,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_WRONG,
  TWO_FACTOR_CODE_WRONG,
  WRONG_PASSWORD_MESSAGE,
  type TwoFactorChallenge,
  type TwoFactorStatus,
} from '@dandelion/shared/auth/twoFactor';
import type { LoginType } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { verifyPassword } from '../../../core/password';
import { generateToken, sha256Hex } from '../../../core/token';
import { withTransaction } from '../../../core/transaction';
import type { AuthUser, UserPort } from '../directory/module';
import type { LoginLogModule } from '../loginLog/module';
import { lockedMessage, type ClientMeta } from '../login/module';
import type { SessionService } from '../session/module';
import * as repo from './repo';
import { acceptedStep, enrolmentPicture, newRecoveryCode, newSecret, normaliseRecoveryCode, type SecretCipher } from './totp';

const MODULE = 'auth:twoFactor';
/** Wrong codes one challenge takes before the password must be given again (with its captcha, once due). */
export const MAX_CHALLENGE_ATTEMPTS = 5;

/** The setting: who must use a second factor, and how long "remember this device" lasts. */
export interface TwoFactorPolicy {
  /** Users holding system administration permissions must enrol (default on; TWO_FACTOR_REQUIRED_FOR_ADMINS). */
  requiredForAdmins: boolean;
  /** 0 turns "remember this device" off. */
  trustedDeviceDays: number;
}

/** Holders of the ADMIN role or of any system administration function (`system:*`). */
export const holdsSystemAdministration = (who: { isSuperAdmin: boolean; permissions: ReadonlySet<string> }) =>
  who.isSuperAdmin || [...who.permissions].some((code) => code.startsWith('system:'));

export interface TwoFactorDeps {
  db: Db;
  cipher: SecretCipher;
  policy: TwoFactorPolicy;
  users: Pick<UserPort, 'findById'>;
  loginLogs: Pick<LoginLogModule, 'record' | 'assess'>;
  sessions: Pick<SessionService, 'refreshUser' | 'revokeAllForUser'>;
}

/** What a passed second step gives the sign-in to complete. */
export interface SecondStepPassed {
  user: AuthUser;
  loginName: string;
  loginType: LoginType;
  /** Set when the device is to be remembered: the client keeps it and sends it with later sign-ins. */
  deviceToken?: string;
  note: string;
}

const lockedError = (ms: number) => new AppError(423, '423', lockedMessage(ms), { lockedForSeconds: Math.ceil(ms / 1000) });

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, cipher, policy, users, loginLogs, sessions } = deps;

  async function enrolled(userId: number) {
    const row = await repo.findOfUser(db, userId);
    if (!row?.enabledAt || !row.secret) throw errors.conflict(NOT_ENROLLED_MESSAGE);
    return { ...row, secret: row.secret };
  }

  /** Checks a current code of an enrolled user and spends its time step; a replayed code is refused. */
  async function spendCode(row: repo.TwoFactorRow & { secret: string }, code: string): Promise<boolean> {
    const step = acceptedStep(cipher.decrypt(row.secret, row.userId), code, row.lastTimeStep);
    return step !== null && (await repo.claimStep(db, row.userId, step));
  }

  async function issueRecoveryCodes(tx: Parameters<typeof repo.replaceRecoveryCodes>[0], userId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(tx, userId, codes.map((c) => sha256Hex(normaliseRecoveryCode(c))));
    return codes;
  }

  const isDue = async (userId: number, holdsAdministration: boolean) => policy.requiredForAdmins && holdsAdministration && !(await repo.isEnabled(db, userId));

  return {
    policy,
    /** For the session's principal: required of this user by the setting and not on yet. */
    isDue,

    async status(userId: number, holdsAdministration: boolean): Promise<TwoFactorStatus> {
      const row = await repo.findOfUser(db, userId);
      const enabled = !!row?.enabledAt;
      const required = policy.requiredForAdmins && holdsAdministration;
      return {
        enabled,
        enabledAt: row?.enabledAt ?? null,
        required,
        due: required && !enabled,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(db, userId) : 0,
        trustedDevices: enabled ? await repo.trustedDeviceCount(db, userId, new Date()) : 0,
        trustedDeviceDays: policy.trustedDeviceDays,
      };
    },

    /** A new secret, kept pending until a code from it is confirmed; shown as a QR code and as text. */
    async beginEnrol(userId: number, username: string) {
      if (await repo.isEnabled(db, userId)) throw errors.conflict(ALREADY_ENROLLED_MESSAGE);
      const secret = newSecret();
      await repo.savePendingSecret(db, userId, cipher.encrypt(secret, userId));
      return enrolmentPicture(secret, username);
    },

    async confirmEnrol(change: ChangeContext, code: string): Promise<{ recoveryCodes: string[] }> {
      const userId = change.actor.id;
      const row = await repo.findOfUser(db, userId);
      if (row?.enabledAt) throw errors.conflict(ALREADY_ENROLLED_MESSAGE);
      if (!row?.pendingSecret) throw errors.conflict(NO_PENDING_ENROLMENT);
      const step = acceptedStep(cipher.decrypt(row.pendingSecret, userId), code, 0);
      if (step === null) throw errors.badRequest(TWO_FACTOR_CODE_WRONG);
      const recoveryCodes = await withTransaction(db, async (tx) => {
        await repo.enable(tx, userId, row.pendingSecret!, step);
        const codes = await issueRecoveryCodes(tx, userId);
        await recordOperation(tx, { ...change, module: MODULE, action: 'ENABLE', entityId: userId, summary: '开启两步验证（动态验证码）', after: { enabled: true, recoveryCodes: codes.length } });
        return codes;
      });
      // The principal's "enrolment due" flag is cached with the session: reload it everywhere.
      await sessions.refreshUser(userId);
      return { recoveryCodes };
    },

    async disable(change: ChangeContext, password: string, code: string): Promise<void> {
      const userId = change.actor.id;
      const row = await enrolled(userId);
      const user = await users.findById(userId);
      if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw errors.badRequest(WRONG_PASSWORD_MESSAGE);
      if (!(await spendCode(row, code))) throw errors.badRequest(TWO_FACTOR_CODE_WRONG);
      await withTransaction(db, async (tx) => {
        await repo.removeAll(tx, userId);
        await recordOperation(tx, { ...change, module: MODULE, action: 'DISABLE', entityId: userId, summary: '关闭两步验证', before: { enabled: true }, after: { enabled: false } });
      });
      await sessions.refreshUser(userId);
    },

    /** An administrator turns a user's two-factor sign-in off (a lost phone and lost codes); the user's sessions end. */
    async resetForUser(change: ChangeContext, userId: number): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw errors.notFound('用户');
      if (!(await repo.isEnabled(db, userId))) throw errors.conflict(`用户「${user.username}」${NOT_ENROLLED_MESSAGE}`);
      await withTransaction(db, async (tx) => {
        await repo.removeAll(tx, userId);
        await recordOperation(tx, { ...change, module: 'system:user', action: 'RESET', entityId: userId, summary: `重置用户「${user.username}」的两步验证`, before: { enabled: true }, after: { enabled: false } });
      });
      await sessions.revokeAllForUser(userId);
    },

    async regenerateRecoveryCodes(change: ChangeContext, code: string): Promise<{ recoveryCodes: string[] }> {
      const userId = change.actor.id;
      const row = await enrolled(userId);
      if (!(await spendCode(row, code))) throw errors.badRequest(TWO_FACTOR_CODE_WRONG);
      const recoveryCodes = await withTransaction(db, async (tx) => {
        const codes = await issueRecoveryCodes(tx, userId);
        await recordOperation(tx, { ...change, module: MODULE, action: 'RESET', entityId: userId, summary: '重新生成两步验证恢复码（旧恢复码作废）', after: { recoveryCodes: codes.length } });
        return codes;
      });
      return { recoveryCodes };
    },

    async forgetDevices(change: ChangeContext): Promise<{ count: number }> {
      const userId = change.actor.id;
      return withTransaction(db, async (tx) => {
        const count = await repo.forgetTrustedDevices(tx, userId);
        await recordOperation(tx, { ...change, module: MODULE, action: 'DELETE', entityId: userId, summary: `取消全部受信任设备（${count} 台）`, after: { count } });
        return { count };
      });
    },

    /**
     * After a right password (or SMS code): null when the user has no second factor; 'TRUSTED' when the
     * request carries a live trusted-device token of theirs; else a new challenge for verifyLogin.
     */
    async secondStep(user: AuthUser, loginName: string, loginType: LoginType, deviceToken?: string): Promise<null | 'TRUSTED' | TwoFactorChallenge> {
      if (!(await repo.isEnabled(db, user.id))) return null;
      if (deviceToken && (await repo.touchTrustedDevice(db, user.id, sha256Hex(deviceToken), new Date()))) return 'TRUSTED';
      const challenge = generateToken();
      await repo.purgeExpired(db, new Date());
      await repo.insertChallenge(db, { tokenHash: sha256Hex(challenge), userId: user.id, loginName: loginName.slice(0, 64), loginType, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_SECONDS * 1000) });
      return { twoFactorRequired: true, challenge, expiresIn: CHALLENGE_LIFETIME_SECONDS, rememberDays: policy.trustedDeviceDays };
    },

    /**
     * The second step: a current code or an unused recovery code for a live challenge. Wrong codes count
     * like wrong passwords (captcha after 5, the (account, address) pair locked after 10), and a challenge
     * takes 5 wrong codes at most: a stolen password does not buy unlimited guesses.
     */
    async verifyLogin(input: { challenge: string; code?: string; recoveryCode?: string; rememberDevice: boolean }, meta: ClientMeta): Promise<SecondStepPassed> {
      const challenge = await repo.findChallenge(db, sha256Hex(input.challenge));
      if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now() || challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) {
        throw errors.unauthorized(CHALLENGE_EXPIRED);
      }
      const { userId, loginName } = challenge;
      const loginType = challenge.loginType as LoginType;
      const log = (success: boolean, message: string, failureKind: 'SECOND_FACTOR' | null = null) =>
        loginLogs.record({ loginName, userId, loginType, ip: meta.ip, userAgent: meta.userAgent ?? null, success, message, failureKind });
      const risk = await loginLogs.assess(loginName, meta.ip);
      if (risk.lockedForMs > 0) {
        const error = lockedError(risk.lockedForMs);
        await log(false, error.message);
        throw error;
      }
      const row = await repo.findOfUser(db, userId);
      if (!row?.enabledAt || !row.secret) throw errors.unauthorized(CHALLENGE_EXPIRED);
      const byRecovery = !input.code;
      const passed = byRecovery
        ? await repo.spendRecoveryCode(db, userId, sha256Hex(normaliseRecoveryCode(input.recoveryCode ?? '')))
        : await spendCode({ ...row, secret: row.secret }, input.code!);
      if (!passed) {
        const message = byRecovery ? RECOVERY_CODE_WRONG : TWO_FACTOR_CODE_WRONG;
        await repo.countChallengeAttempt(db, challenge.id, challenge.attempts + 1);
        await log(false, message, 'SECOND_FACTOR');
        const after = await loginLogs.assess(loginName, meta.ip);
        if (after.lockedForMs > 0) throw lockedError(after.lockedForMs);
        throw new AppError(401, '401', message, { attemptsLeft: Math.max(0, MAX_CHALLENGE_ATTEMPTS - challenge.attempts - 1) });
      }
      if (!(await repo.useChallenge(db, challenge.id))) throw errors.unauthorized(CHALLENGE_EXPIRED);
      const user = await users.findById(userId);
      if (!user) throw errors.unauthorized(CHALLENGE_EXPIRED);

      const actor = { id: user.id, name: user.username };
      const change: ChangeContext = { actor, ip: meta.ip };
      let deviceToken: string | undefined;
      await withTransaction(db, async (tx) => {
        if (byRecovery) {
          const left = await repo.recoveryCodesLeft(tx, userId);
          await recordOperation(tx, { ...change, module: MODULE, action: 'RECOVERY_USE', entityId: userId, summary: `使用恢复码登录（剩余 ${left} 个）`, after: { recoveryCodesLeft: left } });
        }
        if (input.rememberDevice && policy.trustedDeviceDays > 0) {
          deviceToken = generateToken();
          const expiresAt = new Date(Date.now() + policy.trustedDeviceDays * 86_400_000);
          await repo.insertTrustedDevice(tx, { tokenHash: sha256Hex(deviceToken), userId, userAgent: meta.userAgent?.slice(0, 512) ?? null, ip: meta.ip, expiresAt });
          await recordOperation(tx, { ...change, module: MODULE, action: 'TRUST_DEVICE', entityId: userId, summary: `记住此设备 ${policy.trustedDeviceDays} 天（${meta.userAgent?.slice(0, 200) ?? '未知设备'}）`, after: { expiresAt } });
        }
      });
      return { user, loginName, loginType, deviceToken, note: byRecovery ? '登录成功（两步验证：恢复码）' : '登录成功（两步验证）' };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
