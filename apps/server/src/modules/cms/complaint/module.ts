import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerComplaintRoutes, type ConsumeCaptcha, type Identify } from './routes';
import { createComplaintService, type SendMessage, type SiteIdOf } from './service';

export type { ConsumeCaptcha, Identify } from './routes';
export type { SendMessage } from './service';

export interface ComplaintModuleDeps {
  db: Db;
  consumeCaptcha: ConsumeCaptcha;
  sendMessage: SendMessage;
  siteIdOf: SiteIdOf;
  identify?: Identify;
}

/** Complaints and suggestions (投诉建议): the portal's form (captcha, rate limit) and the back office. */
export function registerComplaintModule(app: FastifyInstance, deps: ComplaintModuleDeps): void {
  const complaints = createComplaintService(deps);
  registerComplaintRoutes(app, { complaints, consumeCaptcha: deps.consumeCaptcha, identify: deps.identify });
}
