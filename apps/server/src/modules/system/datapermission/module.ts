import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerDataPermissionRoutes } from './routes';
import { createDataPermissionService, orgRules, roleRules } from './service';

export { orgRules, roleRules } from './service';
export { ruleScopesOfHolder } from './scopes';

/** What roles and organisations may do with the rules bound to them. */
export const ruleBindings = { orgRules, roleRules };

/** Data-permission rules (数据权限): registers /rest/datapermission/* and answers the rule bindings. */
export function registerDataPermissionModule(app: FastifyInstance, deps: { db: Db }) {
  registerDataPermissionRoutes(app, createDataPermissionService(deps));
  return ruleBindings;
}
