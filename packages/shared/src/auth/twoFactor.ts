/**
 * Two-factor sign-in (TOTP, RFC 6238) for administrators: enrolment in 个人中心 with a QR code,
 * single-use recovery codes, trusted devices, and the second step of the password sign-in.
 */
import { z } from 'zod';
import { defineCall, PUBLIC, SIGNED_IN } from '../contract';
import { zDateTime, zId } from '../schemas';
import { loginResult, secondStepDue } from './signIn';

const TAG = '两步验证';

export const TOTP_CODE_MESSAGE = '请输入 6 位动态验证码';
export const RECOVERY_CODE_MESSAGE = '请输入恢复码';
export const PASSWORD_MESSAGE = '请输入登录密码';
export const TWO_FACTOR_CODE_WRONG = '动态验证码错误或已使用';
export const RECOVERY_CODE_WRONG = '恢复码错误或已使用';
export const CHALLENGE_EXPIRED = '验证已超时或失效，请重新登录';
export const TWO_FACTOR_ENROLMENT_DUE = '请先开启两步验证';
export const NOT_ENROLLED_MESSAGE = '尚未开启两步验证';
export const ALREADY_ENROLLED_MESSAGE = '已开启两步验证，如需更换请先关闭';
export const NO_PENDING_ENROLMENT = '请先获取二维码再输入验证码';
export const WRONG_PASSWORD_MESSAGE = '登录密码不正确';

/** How many recovery codes a user gets at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step may wait after the password (seconds). */
export const CHALLENGE_LIFETIME_SECONDS = 300;

const zTotpCode = z.string({ error: TOTP_CODE_MESSAGE }).trim().regex(/^\d{6}$/, TOTP_CODE_MESSAGE);
const zRecoveryCode = z.string({ error: RECOVERY_CODE_MESSAGE }).trim().min(1, RECOVERY_CODE_MESSAGE).max(32, RECOVERY_CODE_MESSAGE);

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: zDateTime.nullable(),
  /** Whether the setting requires it of this user (they hold system administration permissions). */
  required: z.boolean(),
  /** Required and not on: the console sends the user to enrolment and refuses other console calls. */
  due: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  trustedDevices: z.number().int(),
  /** How many days "remember this device" lasts; 0: not offered. */
  trustedDeviceDays: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The password was right and a second factor is due: no session yet. */
export const twoFactorChallenge = secondStepDue;
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const verifyLoginBody = z
  .object({
    challenge: z.string({ error: CHALLENGE_EXPIRED }).min(1, CHALLENGE_EXPIRED).max(64, CHALLENGE_EXPIRED),
    code: zTotpCode.optional(),
    recoveryCode: zRecoveryCode.optional(),
    rememberDevice: z.boolean().default(false),
  })
  .refine((b) => !!b.code || !!b.recoveryCode, { message: TOTP_CODE_MESSAGE, path: ['code'] });

export const twoFactorCalls = {
  getStatus: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/getStatus',
    access: SIGNED_IN,
    tag: TAG,
    summary: '本人两步验证状态：是否开启、是否被要求、剩余恢复码与受信任设备数',
    response: twoFactorStatus,
  }),
  beginEnrol: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/beginEnrol',
    access: SIGNED_IN,
    tag: TAG,
    summary: '开始开启两步验证：生成新密钥，返回二维码（SVG data URL）与手动输入的密钥；输入验证码确认后才生效',
    response: z.object({ qrCode: z.string(), manualKey: z.string(), otpauthUri: z.string() }),
  }),
  confirmEnrol: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/confirmEnrol',
    access: SIGNED_IN,
    tag: TAG,
    summary: '输入验证器上的 6 位动态码确认开启；返回 10 个一次性恢复码（只显示这一次）',
    body: z.object({ code: zTotpCode }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  disable: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/disable',
    access: SIGNED_IN,
    tag: TAG,
    summary: '关闭两步验证：需要登录密码与当前动态码；恢复码与受信任设备一并作废',
    body: z.object({ password: z.string({ error: PASSWORD_MESSAGE }).min(1, PASSWORD_MESSAGE).max(128), code: zTotpCode }),
    response: z.null(),
  }),
  regenerateRecoveryCodes: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/regenerateRecoveryCodes',
    access: SIGNED_IN,
    tag: TAG,
    summary: '重新生成恢复码（旧的全部作废），需要当前动态码',
    body: z.object({ code: zTotpCode }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  forgetDevices: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/forgetDevices',
    access: SIGNED_IN,
    tag: TAG,
    summary: '取消所有受信任设备：之后每台设备登录都要输入动态码；答复取消的设备数',
    response: z.object({ count: z.number().int() }),
  }),
  resetForUser: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/resetForUser',
    // The same grant as resetting someone's password: both give an account back to its owner.
    access: 'system:user:reset',
    tag: TAG,
    summary: '管理员为丢失验证器与恢复码的用户关闭两步验证（恢复码、受信任设备一并作废），并使其所有登录失效',
    body: z.object({ userId: zId }),
    response: z.null(),
  }),
  verifyLogin: defineCall({
    method: 'POST',
    path: '/rest/twoFactor/verifyLogin',
    access: PUBLIC,
    tag: TAG,
    summary: '登录第二步：密码正确后返回的 challenge（5 分钟内、一次有效）加动态码或恢复码；成功返回与 /callback 相同的登录结果',
    description: '错误的动态码与密码错误一样计入登录失败次数（同一账号同一 IP 失败 10 次锁定 15 分钟）；rememberDevice 为 true 时另返回 deviceToken，之后登录时放在 /callback 的 deviceToken 中可免输动态码。',
    body: verifyLoginBody,
    response: loginResult.extend({ deviceToken: z.string().optional() }),
  }),
};
