/**
 * The personal centre's calls (spec §7 accountCenter, UpdUserDefault, accountCenterAvatar; sessions and
 * sign-in history; binding), shared by the console's and the portal's /center.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallData, CallInput, PageParameter } from '@dandelion/shared';
import { accountCenterCalls, USER_SEX_LABELS, type UserSex } from '@dandelion/shared/auth/accountCenter';
import { profileCalls } from '@dandelion/shared/auth/profile';
import { accountKeys, fetchCurrentUser, fetchIdentity } from '../../api/auth';
import { call } from '../../api/call';
import { fileUrl } from '../../api/fileUrl';
import { apiUrl, type RequestOptions } from '../../api/http';
import type { SessionUser } from '../../api/session';

export type { UserSex };
export type AccountProfile = CallData<typeof accountCenterCalls.profile>;
export type ProfileBody = CallInput<typeof accountCenterCalls.updateProfile>;
export type MySession = CallData<typeof accountCenterCalls.mySessions>[number];
export type LoginRecord = CallData<typeof accountCenterCalls.myLoginLog>['list'][number];

export const SEX_OPTIONS: { value: UserSex; label: string }[] = ([1, 2, 0] as const).map((value) => ({ value, label: USER_SEX_LABELS[value] }));

const SILENT: RequestOptions = { silent: true };

/** Under accountKeys.all, so sign-out removes them with the rest of the user's data. */
export const centerKeys = {
  profile: () => [...accountKeys.all, 'center', 'profile'] as const,
  sessions: () => [...accountKeys.all, 'center', 'sessions'] as const,
  loginLog: (page: PageParameter) => [...accountKeys.all, 'center', 'loginLog', page.pageNum, page.pageSize] as const,
};

export function fetchProfile(options?: RequestOptions) {
  return call(accountCenterCalls.profile, undefined, options);
}

export function saveProfile(body: ProfileBody) {
  return call(accountCenterCalls.updateProfile, body, SILENT);
}

/** `image` is the cropped picture as a data URL (PNG, JPEG or WebP, at most 512 KB). */
export function uploadAvatar(image: string) {
  return call(accountCenterCalls.uploadAvatar, { image }, SILENT);
}

export function fetchMySessions(options?: RequestOptions) {
  return call(accountCenterCalls.mySessions, undefined, options);
}

export function revokeMySession(sessionId: string) {
  return call(accountCenterCalls.revokeMySession, { sessionId }, SILENT);
}

export function revokeOtherSessions() {
  return call(accountCenterCalls.revokeOtherSessions, undefined, SILENT);
}

export function fetchLoginLog(pageParameter: PageParameter, options?: RequestOptions) {
  return call(accountCenterCalls.myLoginLog, { pageParameter }, options);
}

/** Binds or replaces the phone with its BIND_PHONE code. */
export function bindPhone(phone: string, code: string) {
  return call(profileCalls.bindPhone, { phone, code }, SILENT);
}

export function changeEmail(email: string) {
  return call(profileCalls.updatePhoneAndMail, { email }, SILENT);
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

/** The signed-in user, fresh from /api/user/info (the stored copy shows until it answers). */
export function useCurrentUser() {
  return useQuery({ queryKey: accountKeys.user(), queryFn: ({ signal }) => fetchCurrentUser({ signal }) });
}

/** Identity verification status (/rest/identify/get). */
export function useIdentity() {
  return useQuery({ queryKey: accountKeys.identity(), queryFn: ({ signal }) => fetchIdentity({ signal }) });
}

/** The stored session user's fields that the profile answer changes (header name and avatar). */
export function sessionFieldsOf(profile: Pick<AccountProfile, 'realname' | 'nickName' | 'avatar' | 'phone' | 'email' | 'userSex'>): SessionUser {
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
