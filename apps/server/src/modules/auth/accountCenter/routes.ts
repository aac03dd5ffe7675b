import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { changeOf } from '../../../core/audit';
import { PUBLIC, SIGNED_IN, type Principal } from '../../../core/permissions';
import type { Actor } from '../../../core/records';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE, type AccountCenterService } from './service';

const TAG = '个人中心';
const actorOf = (p: Principal | null): Actor => ({ id: p!.userId, name: p!.username });
const sessionOf = (p: Principal | null): number => Number(p!.sessionId);

export const REALNAME_MESSAGE = '真实姓名为2-32个字符';
export const NICKNAME_MESSAGE = '昵称不能超过32个字符';
export const USER_SEX_MESSAGE = '性别只能是 0（保密）、1（男）或 2（女）';
const AVATAR_HASH_MESSAGE = '头像地址不正确';

/** Base64 inflates by 4/3; the JSON around the data URL is a few dozen bytes. Independent of the global body limit. */
const AVATAR_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

const profileSchema = z.object({
  userId: zId,
  username: z.string(),
  realname: z.string().nullable(),
  nickName: z.string().nullable(),
  /** 0 保密, 1 男, 2 女. */
  userSex: z.number().int(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orgId: zId.nullable(),
  orgName: z.string().nullable(),
  roles: z.array(z.object({ roleCode: z.string(), roleName: z.string() })),
  identityVerified: z.boolean(),
  createTime: zDateTime,
  lastLoginTime: zDateTime.nullable(),
  userType: z.string(),
});

const profileBody = z.object({
  realname: z.string({ error: REALNAME_MESSAGE }).trim().min(2, REALNAME_MESSAGE).max(32, REALNAME_MESSAGE),
  nickName: z.string({ error: NICKNAME_MESSAGE }).trim().max(32, NICKNAME_MESSAGE).nullish(),
  userSex: z.literal([0, 1, 2], { error: USER_SEX_MESSAGE }),
});

const sessionSchema = z.object({
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

const loginLogSchema = z.object({
  id: zId,
  time: zDateTime,
  loginType: z.string(),
  ip: z.string(),
  userAgent: z.string().nullable(),
  success: z.boolean(),
  message: z.string().nullable(),
});

/** 个人中心 (spec §7 accountCenter, UpdUserDefault, accountCenterAvatar) and the user's own sessions and sign-in history. */
export function registerAccountCenterRoutes(app: FastifyInstance, deps: { center: AccountCenterService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { center } = deps;

  r.post(
    '/rest/user/accountCenter',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '本人资料：姓名、昵称、性别、头像、手机号、邮箱、机构、角色、实名状态、注册时间与上次登录时间',
        response: { 200: envelopeOf(profileSchema) },
      },
    },
    async (request) => ok(await center.profile(request.principal!.userId, sessionOf(request.principal))),
  );

  r.post(
    '/rest/user/UpdUserDefault',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '修改本人基本资料：真实姓名（2-32 个字符；实名认证后不可改）、昵称（不超过 32 个字符）、性别（0 保密、1 男、2 女）',
        body: profileBody,
        response: { 200: envelopeOf(profileSchema) },
      },
    },
    async (request) => ok(await center.updateProfile(changeOf(request), sessionOf(request.principal), request.body), '保存成功'),
  );

  r.post(
    '/rest/user/accountCenterAvatar',
    {
      bodyLimit: AVATAR_BODY_LIMIT,
      config: { permission: SIGNED_IN, rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: [TAG],
        summary: '上传本人头像：裁剪后图片的 data URL（PNG、JPEG 或 WebP，解码后不超过 512 KB，按文件头识别真实格式）',
        body: z.object({ image: z.string({ error: AVATAR_TYPE_MESSAGE }) }),
        response: { 200: envelopeOf(z.object({ avatar: z.string() })) },
      },
    },
    async (request) => ok(await center.setAvatar(changeOf(request), request.body.image), '头像已更新'),
  );

  r.get(
    '/rest/user/avatar/:hash',
    {
      // An <img> cannot send the token; the address is the SHA-256 of the picture, so it cannot be guessed.
      config: { permission: PUBLIC },
      schema: {
        tags: [TAG],
        summary: '头像图片（内容寻址，永久缓存）',
        params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, AVATAR_HASH_MESSAGE) }),
      },
    },
    async (request, reply) => {
      const { mime, content } = await center.avatar(request.params.hash);
      return reply
        .header('content-type', mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );

  r.post(
    '/rest/user/mySessions',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '本人当前有效的登录会话（未退出、未过期），当前设备在最前并标记 current',
        response: { 200: envelopeOf(z.array(sessionSchema)) },
      },
    },
    async (request) => ok(await center.mySessions(request.principal!.userId, sessionOf(request.principal))),
  );

  r.post(
    '/rest/user/revokeMySession',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '下线本人的某个登录设备（立即在所有实例上失效）；当前设备请使用退出登录',
        body: z.object({ sessionId: zId }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await center.revokeMySession(request.principal!.userId, sessionOf(request.principal), request.body.sessionId);
      return ok(null, '该设备已下线');
    },
  );

  r.post(
    '/rest/user/revokeOtherSessions',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '退出本人的其他所有设备，保留当前设备；答复下线的会话数',
        response: { 200: envelopeOf(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const result = await center.revokeOtherSessions(request.principal!.userId, sessionOf(request.principal));
      return ok(result, result.count > 0 ? `已退出其他 ${result.count} 个登录设备` : '没有其他登录设备');
    },
  );

  r.post(
    '/rest/user/myLoginLog',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '本人的登录记录分页（成功与失败，最新在前）',
        body: z.object({ pageParameter: zPageParameter }),
        response: { 200: envelopeOf(pageOf(loginLogSchema)) },
      },
    },
    async (request) => ok(await center.loginLog(request.principal!.userId, request.body.pageParameter)),
  );
}
