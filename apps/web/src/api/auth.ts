/** Sign-in, registration, recovery and account calls (spec §7 Authentication, Users). */
import type { SessionUser } from './session';
import { ApiError, getJson, isObject, postJson, requestJson, type RequestOptions } from './http';

/** What the login callbacks answer in `data` (spec §7). */
export interface LoginResult {
  token: string;
  userInfo: SessionUser;
}

export interface AccountLoginBody {
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

export interface PhoneLoginBody {
  phone: string;
  code: string;
}

/** Registration form fields sent to /rest/register/AddRegisterUser. */
export interface RegisterBody {
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

export async function loginByAccount(body: AccountLoginBody): Promise<LoginResult> {
  return acceptLogin(await postJson<unknown>('/callback?client_name=myform_client', body, SILENT));
}

export async function loginByPhone(body: PhoneLoginBody): Promise<LoginResult> {
  return acceptLogin(await postJson<unknown>('/callback?client_name=captcha_client', body, SILENT));
}

/**
 * The one-time login record a third-party sign-in left behind. It speaks its own envelope
 * `{ code, success, msg, result }`; spec §5: accepted only when code is the string '200'
 * and the result carries both token and userInfo.
 */
export async function fetchThirdLoginUser(id: string): Promise<LoginResult> {
  const { status, payload } = await requestJson('GET', `/thirdLogin/getLoginUser/${encodeURIComponent(id)}`, undefined);
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
  const query = new URLSearchParams({ ticket, service });
  const data = await getJson<unknown>(`/cas/client/validateLogin?${query.toString()}`, SILENT);
  if (isObject(data) && data.success === false) throw new ApiError('CAS_FAILED', CAS_LOGIN_FAILED_MESSAGE);
  return acceptLogin(data, CAS_LOGIN_FAILED_MESSAGE);
}

/** Pre-login check (design: docs of /rest/inspect/inspectLoginService). */
export interface LoginInspection {
  captchaRequired: boolean;
  locked: boolean;
  lockedForSeconds: number;
  /** 'SMS' when phone-code login is on. */
  loginTypes: string[];
  extra: {
    cas?: { enabled?: boolean; loginUrl?: string };
    oauthProviders?: { code: string; name: string; authorizeUrl: string }[];
  };
}

export function inspectLogin(username: string | undefined, options?: RequestOptions): Promise<LoginInspection> {
  return postJson<LoginInspection>('/rest/inspect/inspectLoginService', username ? { username } : {}, { ...options, silent: true });
}

export interface ImageCaptcha {
  captchaKey: string;
  /** data:image/svg+xml;base64 URL. */
  image: string;
  expiresIn: number;
}

export function fetchImageCaptcha(): Promise<ImageCaptcha> {
  return postJson<ImageCaptcha>('/rest/captcha/png', {}, SILENT);
}

export type SmsPurpose = 'LOGIN' | 'REGISTER' | 'RESET_PASSWORD' | 'BIND_PHONE';

export interface SmsSent {
  expiresIn: number;
  /** Seconds before another code may be requested. */
  resendIn: number;
}

/** Sends a one-time SMS code to the phone for one purpose. */
export function sendSmsCode(phone: string, purpose: SmsPurpose): Promise<SmsSent | null> {
  return postJson<SmsSent | null>('/rest/captcha/sms', { phone, purpose }, SILENT);
}

export function registerUser(body: RegisterBody): Promise<{ userId: string } | null> {
  return postJson<{ userId: string } | null>('/rest/register/AddRegisterUser', body, SILENT);
}

export type AvailabilityField = 'username' | 'phone' | 'email';

export interface Availability {
  available: boolean;
  msg: string;
}

export function checkAvailable(field: AvailabilityField, value: string, options?: RequestOptions): Promise<Availability> {
  return postJson<Availability>('/rest/register/checkAvailable', { field, value }, { ...options, silent: true });
}

export interface ResetTicket {
  resetToken: string;
  expiresIn: number;
}

/** Forgotten password, step 1: the phone and its RESET_PASSWORD code buy a short-lived reset token. */
export function requestPasswordReset(phone: string, code: string): Promise<ResetTicket> {
  return postJson<ResetTicket>('/rest/register/getMyPassword', { phone, code }, SILENT);
}

/** Forgotten password, step 2. */
export function resetPassword(resetToken: string, newPassword: string): Promise<unknown> {
  return postJson<unknown>('/rest/register/updMyPassword', { resetToken, newPassword }, SILENT);
}

export function changePassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return postJson<unknown>('/rest/user/UpdPwd', { oldPassword, newPassword }, SILENT);
}

export function fetchCurrentUser(options?: RequestOptions): Promise<SessionUser> {
  return getJson<SessionUser>('/api/user/info', { ...options, silent: true });
}

export type IdType = 'ID_CARD' | 'PASSPORT';

export interface IdentityStatus {
  identityVerified: boolean;
  realname?: string | null;
  idType?: IdType | null;
  idNumberMasked?: string | null;
  verifiedAt?: string | null;
}

export function fetchIdentity(options?: RequestOptions): Promise<IdentityStatus> {
  return postJson<IdentityStatus>('/rest/identify/get', {}, { ...options, silent: true });
}

export function verifyIdentity(body: { realname: string; idType: IdType; idNumber: string }): Promise<unknown> {
  return postJson<unknown>('/rest/identify/verify', body, SILENT);
}

/**
 * Revokes the token on the server. A CAS session signs out with `cas_client`, which answers the CAS
 * logout address to visit afterwards. Sends the given token explicitly: the local session may
 * already be gone by the time the answer arrives.
 */
export async function logoutOnServer(token: string, cas: boolean): Promise<string | null> {
  const path = `/logout?client_name=${cas ? 'cas_client' : 'form_client'}`;
  // Any answer will do: the local session ends either way (an already-ended token answers 401).
  const { payload } = await requestJson('POST', path, {}, { token, timeoutMs: 10_000 });
  const data = isObject(payload) && isObject(payload.data) ? payload.data : {};
  return typeof data.casLogoutUrl === 'string' && data.casLogoutUrl ? data.casLogoutUrl : null;
}

/** Query keys of the signed-in user's data; removed at sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  identity: () => [...accountKeys.all, 'identity'] as const,
};
