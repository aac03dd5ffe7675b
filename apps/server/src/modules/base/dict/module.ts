import type { FastifyInstance } from 'fastify';
import { registerDictRoutes } from './routes';
import { createDictService, type DictService, type DictServiceDeps } from './service';

export type { DictService } from './service';

/**
 * Dictionaries (/rest/dict/*, /rest/dictItem/*, /rest/client/getclientdictlist). Answers what other
 * modules may ask: the values of categories (cached on every instance) and each app's categories.
 */
export function registerDictModule(app: FastifyInstance, deps: DictServiceDeps): DictService {
  const dicts = createDictService(deps);
  registerDictRoutes(app, dicts);
  return dicts;
}
