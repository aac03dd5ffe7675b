import type { FastifyInstance } from 'fastify';
import { registerCurrentUserRoutes } from './routes';
import { createCurrentUserService, type CurrentUserDeps } from './service';

export type { CurrentUserDeps };

/** The signed-in user's own data: /api/user/info, their roles, the console's init and permission data, menus. */
export function registerCurrentUserModule(app: FastifyInstance, deps: CurrentUserDeps): void {
  registerCurrentUserRoutes(app, createCurrentUserService(deps));
}
