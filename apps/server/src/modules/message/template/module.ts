import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import type { Directory } from '../directory/module';
import type { MessageService } from '../msg/module';
import type { SmsService } from '../sms/module';
import { createMailProvider, type MailConfig, type MailProvider } from './mailer';
import { registerTemplateRoutes } from './routes';
import { createTemplateSender } from './sender';
import { createTemplateService } from './service';

export type { MailConfig, MailProvider };

export interface TemplateModuleDeps {
  db: Executor;
  directory: Directory;
  /** The channels a template sends through: in-site messages, SMS, and e-mail (the config's SMTP server, or recorded only). */
  messages: MessageService;
  sms: SmsService;
  mailConfig: MailConfig;
}

/** Message templates (spec §7 /rest/templateService/*): the templates, sending them to chosen users, and the send log. */
export function registerTemplateModule(app: FastifyInstance, deps: TemplateModuleDeps): void {
  const { db, directory, messages, sms } = deps;
  const mail = createMailProvider(deps.mailConfig);
  app.addHook('onClose', async () => mail.close());
  const templates = createTemplateService({ db });
  registerTemplateRoutes(app, { templates, sender: createTemplateSender({ db, templates, messages, sms, mail, directory }), directory });
}
