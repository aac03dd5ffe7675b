/** Sign-in and registration calls of the public pages (spec §7 Authentication, Users). */
import type { SessionUser } from '../app/session';
import { ApiError, postJson } from './http';

/** What both login callbacks answer in `data` (spec §7). */
export interface LoginResult {
  token: string;
  userInfo: SessionUser;
}

export interface AccountLoginBody {
  username: string;
  password: string;
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
}

export const LOGIN_INCOMPLETE_MESSAGE = '登录失败：服务未返回登录凭证，请稍后重试';

/** Spec §5: a login result is accepted only with both token and userInfo. */
function acceptLogin(result: LoginResult | null | undefined): LoginResult {
  if (!result || typeof result.token !== 'string' || !result.token || !result.userInfo) {
    throw new ApiError('LOGIN_INCOMPLETE', LOGIN_INCOMPLETE_MESSAGE);
  }
  return result;
}

export async function loginByAccount(body: AccountLoginBody): Promise<LoginResult> {
  return acceptLogin(await postJson<LoginResult>('/callback?client_name=myform_client', body));
}

export async function loginByPhone(body: PhoneLoginBody): Promise<LoginResult> {
  return acceptLogin(await postJson<LoginResult>('/callback?client_name=captcha_client', body));
}

/** Sends a one-time SMS code to the phone (login and registration). */
export function sendSmsCode(phone: string): Promise<unknown> {
  return postJson<unknown>('/rest/captcha/sms', { phone });
}

export function registerUser(body: RegisterBody): Promise<unknown> {
  return postJson<unknown>('/rest/register/AddRegisterUser', body);
}
