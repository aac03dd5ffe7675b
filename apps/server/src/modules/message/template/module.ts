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
export function registerTemplateModule(app: FastifyInstance, deps: TemplateModuleDeps): TemplateNotifier {
  const { db, directory, messages, sms } = deps;
  const mail = createMailProvider(deps.mailConfig);
  app.addHook('onClose', async () => mail.close());
  const templates = createTemplateService({ db });
  const sender = createTemplateSender({ db, templates, messages, sms, mail, directory });
  registerTemplateRoutes(app, { templates, sender, directory });
  return { sendIfConfigured: (code, userIds, values) => sender.sendIfConfigured(code, userIds, values) };
}

/** What other modules use of templates: send one by its code when the office has configured it. */
export interface TemplateNotifier {
  sendIfConfigured(code: string, userIds: number[], values: Record<string, string | number>): Promise<{ sent: number; failed: number } | null>;
}
