import type { FastifyInstance } from 'fastify';
import { currentUserCalls as calls } from '@dandelion/shared/auth/currentUser';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { serve } from '../../../core/route';
import type { CurrentUserService } from './service';

/** Reading another user's roles is part of the user administration's list permission. */
const LIST_USERS = 'system:user:list';

export function registerCurrentUserRoutes(app: FastifyInstance, current: CurrentUserService) {
  serve(app, calls.info, async (request) => ok(await current.userInfo(request.principal!)));

  serve(app, calls.roles, async (request) => {
    const me = request.principal!;
    const userId = request.body.userId ?? me.userId;
    if (userId !== me.userId && !me.isSuperAdmin && !me.permissions.has(LIST_USERS)) throw errors.forbidden();
    return ok(await current.roles(userId));
  });

  serve(app, calls.init, async (request) => ok(await current.init(request.principal!)));
  serve(app, calls.permission, async (request) => ok(await current.permission(request.principal!)));
  serve(app, calls.menuList, async (request) => ok(await current.menuTree(request.principal!)));
  serve(app, calls.menuUserTree, async (request) => {
    const principal = request.principal!;
    return ok({ menus: await current.menuTree(principal), permissions: await current.permissionCodes(principal) });
  });
}
