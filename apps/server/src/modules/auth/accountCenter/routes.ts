import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountCenterCalls as calls, AVATAR_MAX_BYTES } from '@dandelion/shared/auth/accountCenter';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { AccountCenterService } from './service';

const sessionOf = (request: FastifyRequest): number => Number(request.principal!.sessionId);

/** Base64 inflates by 4/3; the JSON around the data URL is a few dozen bytes. Independent of the global body limit. */
const AVATAR_BODY_LIMIT = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;

/** 个人中心 (spec §7 accountCenter, UpdUserDefault, accountCenterAvatar) and the user's own sessions and sign-in history. */
export function registerAccountCenterRoutes(app: FastifyInstance, center: AccountCenterService) {
  serve(app, calls.profile, async (request) => ok(await center.profile(request.principal!.userId, sessionOf(request))));

  serve(app, calls.updateProfile, async (request) => ok(await center.updateProfile(changeOf(request), sessionOf(request), request.body), '保存成功'));

  serve(app, calls.uploadAvatar, async (request) => ok(await center.setAvatar(changeOf(request), request.body.image), '头像已更新'), {
    bodyLimit: AVATAR_BODY_LIMIT,
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  });

  serve(app, calls.avatar, async (request, reply) => {
    const { mime, content } = await center.avatar(request.params.hash);
    return reply
      .header('content-type', mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(content);
  });

  serve(app, calls.mySessions, async (request) => ok(await center.mySessions(request.principal!.userId, sessionOf(request))));

  serve(app, calls.revokeMySession, async (request) => {
    await center.revokeMySession(request.principal!.userId, sessionOf(request), request.body.sessionId);
    return ok(null, '该设备已下线');
  });

  serve(app, calls.revokeOtherSessions, async (request) => {
    const result = await center.revokeOtherSessions(request.principal!.userId, sessionOf(request));
    return ok(result, result.count > 0 ? `已退出其他 ${result.count} 个登录设备` : '没有其他登录设备');
  });

  serve(app, calls.myLoginLog, async (request) => ok(await center.loginLog(request.principal!.userId, request.body.pageParameter)));
}
