import type { FastifyInstance } from 'fastify';
import { registerAccountCenterRoutes } from './routes';
import { createAccountCenterService, type AccountCenterDeps } from './service';

export type { AccountCenterDeps };

/** The signed-in user's own centre: profile, avatar, their live sessions and their sign-in history. */
export function registerAccountCenterModule(app: FastifyInstance, deps: AccountCenterDeps): void {
  registerAccountCenterRoutes(app, createAccountCenterService(deps));
}
