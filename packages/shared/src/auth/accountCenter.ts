/** 个人中心 (spec §7 accountCenter, UpdUserDefault, accountCenterAvatar) and the user's own sessions and sign-in history. */
import { z } from 'zod';
import { defineCall, PUBLIC, SIGNED_IN } from '../contract';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';

const TAG = '个人中心';

export const PROFILE_REALNAME_MESSAGE = '真实姓名为2-32个字符';
export const NICKNAME_MESSAGE = '昵称不能超过32个字符';
export const USER_SEX_MESSAGE = '性别只能是 0（保密）、1（男）或 2（女）';
const AVATAR_HASH_MESSAGE = '头像地址不正确';

/** The server's limit on the decoded avatar picture. */
export const AVATAR_MAX_BYTES = 512 * 1024;
export const AVATAR_TYPE_MESSAGE = '头像只能是 PNG、JPEG 或 WebP 图片';
export const AVATAR_TOO_LARGE_MESSAGE = '头像图片不能超过 512 KB，请缩小后重试';
/** Where stored avatars are read from: the picture's SHA-256 follows. */
export const AVATAR_PATH_PREFIX = '/rest/user/avatar/';

/** 0 保密, 1 男, 2 女 (sys_user.user_sex). */
export const USER_SEXES = [0, 1, 2] as const;
export type UserSex = (typeof USER_SEXES)[number];
/** The one wording of sys_user.user_sex, for the user form, its detail and 个人中心 alike. */
export const USER_SEX_LABELS: Readonly<Record<UserSex, string>> = { 1: '男', 2: '女', 0: '保密' };

export const accountProfile = z.object({
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  nickName: z.string().nullable(),
  userSex: z.number().int(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orgId: zId.nullable(),
  orgName: z.string().nullable(),
  /** 所在单位 typed at registration (an applicant's own organisation, outside the system's tree). */
  unitName: z.string().nullable(),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  identityVerified: z.boolean(),
  createTime: zDateTime,
  lastLoginTime: zDateTime.nullable(),
  userType: z.string(),
});

export const profileBody = z.object({
  realname: z.string({ error: PROFILE_REALNAME_MESSAGE }).trim().min(2, PROFILE_REALNAME_MESSAGE).max(32, PROFILE_REALNAME_MESSAGE),
  nickName: z.string({ error: NICKNAME_MESSAGE }).trim().max(32, NICKNAME_MESSAGE).nullish(),
  userSex: z.literal(USER_SEXES, { error: USER_SEX_MESSAGE }),
});

export const mySession = z.object({
  sessionId: zId,
  /** ACCOUNT, PHONE_PASSWORD, SMS, CAS, OAUTH. */
  loginType: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: zDateTime,
  lastSeenAt: zDateTime,
  expiresAt: zDateTime,
  current: z.boolean(),
});

export const loginRecord = z.object({
  id: zId,
  time: zDateTime,
  loginType: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  message: z.string().nullable(),
});

export const accountCenterCalls = {
  profile: defineCall({
    method: 'POST',
    path: '/rest/user/accountCenter',
    access: SIGNED_IN,
    tag: TAG,
    summary: '本人资料：姓名、昵称、性别、头像、手机号、邮箱、机构、角色、实名状态、注册时间与上次登录时间',
    response: accountProfile,
  }),
  updateProfile: defineCall({
    method: 'POST',
    path: '/rest/user/UpdUserDefault',
    access: SIGNED_IN,
    tag: TAG,
    summary: '修改本人基本资料：真实姓名（2-32 个字符；实名认证后不可改）、昵称（不超过 32 个字符）、性别（0 保密、1 男、2 女）',
    body: profileBody,
    response: accountProfile,
  }),
  uploadAvatar: defineCall({
    method: 'POST',
    path: '/rest/user/accountCenterAvatar',
    access: SIGNED_IN,
    tag: TAG,
    summary: '上传本人头像：裁剪后图片的 data URL（PNG、JPEG 或 WebP，解码后不超过 512 KB，按文件头识别真实格式）',
    body: z.object({ image: z.string({ error: AVATAR_TYPE_MESSAGE }) }),
    response: z.object({ avatar: z.string() }),
  }),
  avatar: defineCall({
    method: 'GET',
    path: '/rest/user/avatar/:hash',
    // An <img> cannot send the token; the address is the SHA-256 of the picture, so it cannot be guessed.
    access: PUBLIC,
    tag: TAG,
    summary: '头像图片（内容寻址，永久缓存）',
    params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, AVATAR_HASH_MESSAGE) }),
    answer: 'raw',
  }),
  mySessions: defineCall({
    method: 'POST',
    path: '/rest/user/mySessions',
    access: SIGNED_IN,
    tag: TAG,
    summary: '本人当前有效的登录会话（未退出、未过期），当前设备在最前并标记 current',
    response: z.array(mySession),
  }),
  revokeMySession: defineCall({
    method: 'POST',
    path: '/rest/user/revokeMySession',
    access: SIGNED_IN,
    tag: TAG,
    summary: '下线本人的某个登录设备（立即在所有实例上失效）；当前设备请使用退出登录',
    body: z.object({ sessionId: zId }),
    response: z.null(),
  }),
  revokeOtherSessions: defineCall({
    method: 'POST',
    path: '/rest/user/revokeOtherSessions',
    access: SIGNED_IN,
    tag: TAG,
    summary: '退出本人的其他所有设备，保留当前设备；答复下线的会话数',
    response: z.object({ count: z.number().int() }),
  }),
  myLoginLog: defineCall({
    method: 'POST',
    path: '/rest/user/myLoginLog',
    access: SIGNED_IN,
    tag: TAG,
    summary: '本人的登录记录分页（成功与失败，最新在前）',
    body: z.object({ pageParameter: zPageParameter }),
    response: pageOf(loginRecord),
  }),
};
