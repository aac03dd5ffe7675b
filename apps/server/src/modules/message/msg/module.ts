import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import { registerMsgRoutes } from './routes';
import { createMessageService, type MessageService } from './service';

export type { MessageService, SendMessageInput } from './service';

/**
 * In-site messages (spec §7 /rest/msg/*). Registers the reader's calls and answers the message
 * service every other module sends through (`send`, inside the sender's transaction).
 */
export function registerMsgModule(app: FastifyInstance, deps: { db: Executor }): MessageService {
  const messages = createMessageService(deps);
  registerMsgRoutes(app, messages);
  return messages;
}
