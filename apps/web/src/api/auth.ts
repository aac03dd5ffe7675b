/** Sign-in, registration, recovery and account calls (spec §7 Authentication, Users), by the shared contracts. */
import type { CallData, CallInput } from '@dandelion/shared';
import { captchaCalls } from '@dandelion/shared/auth/captcha';
import { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import { passwordCalls } from '@dandelion/shared/auth/password';
import { profileCalls, type IdType } from '@dandelion/shared/auth/profile';
import { registerCalls, type AvailabilityField } from '@dandelion/shared/auth/register';
import { signInCalls, type SignInClient } from '@dandelion/shared/auth/signIn';
import { ssoCalls } from '@dandelion/shared/auth/sso';
import { twoFactorCalls } from '@dandelion/shared/auth/twoFactor';
import { readDeviceToken, writeDeviceToken } from './trustedDevice';
import { smsCalls, type CodePurpose } from '@dandelion/shared/message/sms';
import { call } from './call';
import { ApiError, callJson, isObject, requestJson, withParams, type RequestOptions } from './http';

export type { AvailabilityField, IdType };

/** What the sign-in calls answer in `data` once signed in (spec §7). */
export type LoginResult = Extract<CallData<typeof signInCalls.signIn>, { token: string }>;
/** A right password (or SMS code) of an account with two-factor sign-in on: the second step is due. */
export type SecondStepDue = Extract<CallData<typeof signInCalls.signIn>, { twoFactorRequired: true }>;
export type SignInOutcome = LoginResult | SecondStepDue;
export type SignInBody = CallInput<typeof signInCalls.signIn>;
export type RegisterBody = CallInput<typeof registerCalls.register>;
export type LoginInspection = CallData<typeof signInCalls.inspect>;
export type IdentityStatus = CallData<typeof profileCalls.identity>;

/** Every screen of sign-in and the account shows its errors in place: no toast on top. */
const SILENT: RequestOptions = { silent: true };

export const LOGIN_INCOMPLETE_MESSAGE = '登录失败：服务未返回登录凭证，请稍后重试';
export const THIRD_LOGIN_FAILED_MESSAGE = '第三方登录失败，请重新登录';
export const CAS_LOGIN_FAILED_MESSAGE = '统一身份认证登录失败，请重新登录';

function hasCredentials(value: unknown): value is LoginResult {
  return isObject(value) && typeof value.token === 'string' && value.token.length > 0 && isObject(value.userInfo);
}

/** Spec §5: a login result is accepted only with both token and userInfo. */
function acceptLogin(result: unknown, failure = LOGIN_INCOMPLETE_MESSAGE): LoginResult {
  if (!hasCredentials(result)) throw new ApiError('LOGIN_INCOMPLETE', failure);
  return { token: result.token, userInfo: result.userInfo };
}

function isSecondStep(value: unknown): value is SecondStepDue {
  return isObject(value) && value.twoFactorRequired === true && typeof value.challenge === 'string';
}

/**
 * /callback takes the sign-in method in its query and the credentials in its body; a trusted device's
 * token (kept after an earlier second step on this browser) goes along to spare the second step.
 */
async function signIn(client: SignInClient, body: Omit<SignInBody, 'client_name' | 'deviceToken'>, name: string): Promise<SignInOutcome> {
  const { method, path } = signInCalls.signIn;
  const deviceToken = readDeviceToken(name);
  const answer = await callJson<unknown>(method, path, deviceToken ? { ...body, deviceToken } : body, { ...SILENT, params: { client_name: client } });
  return isSecondStep(answer) ? answer : acceptLogin(answer);
}

export function loginByAccount(body: { username: string; password: string; captchaKey?: string; captchaCode?: string }): Promise<SignInOutcome> {
  return signIn('myform_client', body, body.username);
}

export function loginByPhone(body: { phone: string; code: string }): Promise<SignInOutcome> {
  return signIn('captcha_client', body, body.phone);
}

/** The second step: a code from the authenticator or a recovery code; "remember" keeps the device token for `name`. */
export async function verifyTwoFactor(body: CallInput<typeof twoFactorCalls.verifyLogin>, name: string): Promise<LoginResult> {
  const answer: unknown = await call(twoFactorCalls.verifyLogin, body, SILENT);
  const result = acceptLogin(answer);
  if (isObject(answer) && typeof answer.deviceToken === 'string') writeDeviceToken(name, answer.deviceToken);
  return result;
}

/**
 * The one-time login record a third-party sign-in left behind. It speaks its own envelope
 * `{ code, success, msg, result }`; spec §5: accepted only when code is the string '200'
 * and the result carries both token and userInfo.
 */
export async function fetchThirdLoginUser(id: string): Promise<LoginResult> {
  const { method, path } = ssoCalls.thirdLoginUser;
  const { status, payload } = await requestJson(method, path.replace(':id', encodeURIComponent(id)), undefined);
  const body = isObject(payload) ? payload : {};
  if (body.code !== '200' || !hasCredentials(body.result)) {
    const msg = typeof body.msg === 'string' && body.msg && body.code !== '200' ? body.msg : THIRD_LOGIN_FAILED_MESSAGE;
    throw new ApiError(String(body.code ?? status), msg, status);
  }
  return { token: body.result.token, userInfo: body.result.userInfo };
}

/** The CAS service URL this app registers: the login page with `sso=cas` (the ticket is appended by CAS). */
export function casServiceUrl(origin = window.location.origin): string {
  return `${origin}/login?sso=cas`;
}

/** Exchanges a CAS service ticket for a session; `success: false` or a missing token/userInfo is a refusal. */
export async function validateCasTicket(ticket: string, service = casServiceUrl()): Promise<LoginResult> {
  const data: unknown = await call(ssoCalls.casValidate, { ticket, service }, SILENT);
  if (isObject(data) && data.success === false) throw new ApiError('CAS_FAILED', CAS_LOGIN_FAILED_MESSAGE);
  return acceptLogin(data, CAS_LOGIN_FAILED_MESSAGE);
}

/** Pre-login check: captcha due, lock, and the sign-in methods that are on. */
export function inspectLogin(username: string | undefined, options?: RequestOptions): Promise<LoginInspection> {
  return call(signInCalls.inspect, username ? { username } : {}, { ...options, silent: true });
}

export function fetchImageCaptcha() {
  return call(captchaCalls.image, undefined, SILENT);
}

export type SmsPurpose = CodePurpose;

/** Sends a one-time SMS code to the phone for one purpose (the message area's /rest/captcha/sms); `resendIn` is the wait before another. */
export function sendSmsCode(phone: string, purpose: SmsPurpose) {
  return call(smsCalls.sendCode, { phone, purpose }, SILENT);
}

/** The REGISTER code: sent only with the answer to an image captcha (/rest/captcha/png), which the call spends. */
export function sendRegisterCode(body: { phone: string; captchaKey: string; captchaCode: string }) {
  return call(registerCalls.sendCode, body, SILENT);
}

/** Creates the account and signs it in: the answer is a sign-in's (token and userInfo). */
export function registerUser(body: RegisterBody) {
  return call(registerCalls.register, body, SILENT);
}

export function checkAvailable(field: AvailabilityField, value: string, options?: RequestOptions) {
  return call(registerCalls.checkAvailable, { field, value }, { ...options, silent: true });
}

/** Forgotten password, step 1: the phone and its RESET_PASSWORD code buy a short-lived reset token. */
export function requestPasswordReset(phone: string, code: string) {
  return call(registerCalls.startReset, { phone, code }, SILENT);
}

/** Forgotten password, step 2. */
export function resetPassword(resetToken: string, newPassword: string) {
  return call(registerCalls.finishReset, { resetToken, newPassword }, SILENT);
}

export function changePassword(oldPassword: string, newPassword: string) {
  return call(passwordCalls.change, { oldPassword, newPassword }, SILENT);
}

export function fetchCurrentUser(options?: RequestOptions) {
  return call(currentUserCalls.info, undefined, { ...options, silent: true });
}

export function fetchIdentity(options?: RequestOptions): Promise<IdentityStatus> {
  return call(profileCalls.identity, undefined, { ...options, silent: true });
}

export function verifyIdentity(body: CallInput<typeof profileCalls.verifyIdentity>) {
  return call(profileCalls.verifyIdentity, body, SILENT);
}

/**
 * Revokes the token on the server. A CAS session signs out with `cas_client`, which answers the CAS
 * logout address to visit afterwards. Sends the given token explicitly: the local session may
 * already be gone by the time the answer arrives.
 */
export async function logoutOnServer(token: string, cas: boolean): Promise<string | null> {
  const { method, path } = signInCalls.signOut;
  // Any answer will do: the local session ends either way (an already-ended token answers 401).
  const { payload } = await requestJson(method, withParams(path, { client_name: cas ? 'cas_client' : 'form_client' }), {}, { token, timeoutMs: 10_000 });
  const data = isObject(payload) && isObject(payload.data) ? payload.data : {};
  return typeof data.casLogoutUrl === 'string' && data.casLogoutUrl ? data.casLogoutUrl : null;
}

/** Query keys of the signed-in user's data; removed at sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  identity: () => [...accountKeys.all, 'identity'] as const,
};
