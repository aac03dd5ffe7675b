import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerSerialRoutes } from './routes';
import { createSerialRuleService } from './rules';
import { createSerialService, type SerialService } from './service';

export type { SerialBatch, SerialPreview, SerialService } from './service';

/** Serial-number rules (/rest/serial/*). Answers the numbering service other modules take numbers from. */
export function registerSerialModule(app: FastifyInstance, deps: { db: Db; clock?: () => Date }): SerialService {
  const serials = createSerialService(deps);
  registerSerialRoutes(app, createSerialRuleService({ ...deps, serials }));
  return serials;
}
