import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerPostRoutes } from './routes';
import { createPostService, postAssignments, type LiveUserIds } from './service';

export type PostAssignments = typeof postAssignments;

/**
 * Posts (岗位). Registers /rest/postService/* and answers what other features may ask of posts:
 * which posts a user holds, and assigning them (the user form).
 */
export function registerPostModule(app: FastifyInstance, deps: { db: Db; liveUserIds: LiveUserIds }): PostAssignments {
  registerPostRoutes(app, createPostService(deps));
  return postAssignments;
}
