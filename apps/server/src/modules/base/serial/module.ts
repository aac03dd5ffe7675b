import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';

/** Serial-number rules (/rest/serial/*). */
export function registerSerialModule(app: FastifyInstance, deps: { db: Db }) {
  void app;
  void deps;
}
