import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerDuplicateRoutes } from './routes';
import { createDuplicateService } from './service';

/** The duplicate check (/rest/common/checkDuplicate): each feature registers its unique fields beside its tables. */
export function registerDuplicateModule(app: FastifyInstance, deps: { db: Db }): void {
  registerDuplicateRoutes(app, createDuplicateService(deps));
}
