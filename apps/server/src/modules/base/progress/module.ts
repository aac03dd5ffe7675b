import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';

/** Process definitions and instances (/rest/progress/*). */
export function registerProgressModule(app: FastifyInstance, deps: { db: Db }) {
  void app;
  void deps;
}
