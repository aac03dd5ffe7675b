import type { FastifyInstance } from 'fastify';
import { postCalls } from '@dandelion/shared/system/post';
import { serveRecordCalls } from '../../../core/recordRoutes';
import type { PostService } from './service';

/** Posts (spec §7 /rest/postService/*): the seven record calls of the shared contract, on the post service. */
export function registerPostRoutes(app: FastifyInstance, posts: PostService) {
  serveRecordCalls(app, postCalls, posts);
}
