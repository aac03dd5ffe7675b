/** Personal centre calls (spec §7 accountCenter, UpdUserDefault, accountCenterAvatar; sessions and sign-in history). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, PageParameter } from '@dandelion/shared';
import { accountKeys } from '../../api/auth';
import { apiUrl, postJson, type RequestOptions } from '../../api/http';
import { fileUrl } from '../../api/fileUrl';
import type { SessionUser } from '../../api/session';

/** 0 保密, 1 男, 2 女 (the server's sys_user.user_sex). */
export type UserSex = 0 | 1 | 2;

export const SEX_OPTIONS: { value: UserSex; label: string }[] = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
  { value: 0, label: '保密' },
];

export interface AccountProfile {
  userId: string;
  username: string;
  realname: string | null;
  nickName: string | null;
  userSex: number;
  avatar: string | null;
  phone: string | null;
  email: string | null;
  orgId: string | null;
  orgName: string | null;
  roles: { roleCode: string; roleName: string }[];
  identityVerified: boolean;
  createTime: string;
  lastLoginTime: string | null;
  userType: string;
}

export interface ProfileBody {
  realname: string;
  nickName?: string | null;
  userSex: UserSex;
}

export interface MySession {
  sessionId: string;
  loginType: string;
  ip: string | null;
  userAgent: string | null;
  createTime: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
}

export interface LoginRecord {
  id: string;
  time: string;
  loginType: string;
  ip: string;
  userAgent: string | null;
  success: boolean;
  message: string | null;
}

/** Under accountKeys.all, so sign-out removes them with the rest of the user's data. */
export const centerKeys = {
  profile: () => [...accountKeys.all, 'center', 'profile'] as const,
  sessions: () => [...accountKeys.all, 'center', 'sessions'] as const,
  loginLog: (page: PageParameter) => [...accountKeys.all, 'center', 'loginLog', page.pageNum, page.pageSize] as const,
};

export function fetchProfile(options?: RequestOptions): Promise<AccountProfile> {
  return postJson<AccountProfile>('/rest/user/accountCenter', {}, options);
}

export function saveProfile(body: ProfileBody): Promise<AccountProfile> {
  return postJson<AccountProfile>('/rest/user/UpdUserDefault', body, { silent: true });
}

/** `image` is the cropped picture as a data URL (PNG, JPEG or WebP, at most 512 KB). */
export function uploadAvatar(image: string): Promise<{ avatar: string }> {
  return postJson<{ avatar: string }>('/rest/user/accountCenterAvatar', { image }, { silent: true });
}

export function fetchMySessions(options?: RequestOptions): Promise<MySession[]> {
  return postJson<MySession[]>('/rest/user/mySessions', {}, options);
}

export function revokeMySession(sessionId: string): Promise<unknown> {
  return postJson<unknown>('/rest/user/revokeMySession', { sessionId }, { silent: true });
}

export function revokeOtherSessions(): Promise<{ count: number }> {
  return postJson<{ count: number }>('/rest/user/revokeOtherSessions', {}, { silent: true });
}

export function fetchLoginLog(pageParameter: PageParameter, options?: RequestOptions): Promise<Page<LoginRecord>> {
  return postJson<Page<LoginRecord>>('/rest/user/myLoginLog', { pageParameter }, options);
}

/** Binds or replaces the phone with its BIND_PHONE code. */
export function bindPhone(phone: string, code: string): Promise<{ phone: string }> {
  return postJson<{ phone: string }>('/rest/user/bindPhone', { phone, code }, { silent: true });
}

export function changeEmail(email: string): Promise<{ phone: string | null; email: string | null }> {
  return postJson<{ phone: string | null; email: string | null }>('/rest/register/updUserPhoneAndMail', { email }, { silent: true });
}

export function useProfile() {
  return useQuery({ queryKey: centerKeys.profile(), queryFn: ({ signal }) => fetchProfile({ signal }) });
}

export function useMySessions() {
  return useQuery({ queryKey: centerKeys.sessions(), queryFn: ({ signal }) => fetchMySessions({ signal }) });
}

export function useLoginLog(page: PageParameter) {
  return useQuery({
    queryKey: centerKeys.loginLog(page),
    queryFn: ({ signal }) => fetchLoginLog(page, { signal }),
    // The table keeps the current rows while the next page loads.
    placeholderData: keepPreviousData,
  });
}

/** The stored session user's fields that the profile answer changes (header name and avatar). */
export function sessionFieldsOf(profile: Pick<AccountProfile, 'realname' | 'nickName' | 'avatar' | 'phone' | 'email'> & { userSex: number }): SessionUser {
  return {
    realname: profile.realname,
    userRealName: profile.realname,
    nickName: profile.nickName,
    avatar: profile.avatar,
    userSex: profile.userSex,
    phones: profile.phone,
    mails: profile.email,
  };
}

/** An avatar address for <img>: our own pictures live under the API base, others as stored. */
export function avatarSrc(avatar: string | null | undefined): string | undefined {
  if (!avatar) return undefined;
  return avatar.startsWith('/rest/') ? apiUrl(avatar) : fileUrl(avatar) || undefined;
}
