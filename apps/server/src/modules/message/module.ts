import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../core/db';
import type { FileService } from '../file/service';
import { createDirectory } from './directory';
import { createMailProvider, type MailConfig, type MailProvider } from './mail/mailer';
import { registerMsgRoutes } from './msg/routes';
import { createMessageService, type MessageService } from './msg/service';
import { NOTICE_FILE_BIZ } from './notice/content';
import { createNoticeInbox } from './notice/inbox';
import { registerInboxRoutes } from './notice/inboxRoutes';
import { createReceiptService } from './notice/receipts';
import { registerReceiptRoutes } from './notice/receiptRoutes';
import { NOTICE_PERMISSIONS } from '@dandelion/shared';
import { registerNoticeRoutes } from './notice/routes';
import { createNoticeService } from './notice/service';
import type { SmsService } from './sms/service';
import { registerTemplateRoutes } from './template/routes';
import { createTemplateSender } from './template/sender';
import { createTemplateService } from './template/service';

export interface MessageModuleDeps {
  db: Executor;
  files: FileService;
  sms: SmsService;
  config: MailConfig;
  /** Replaces the mail provider the config names (tests of SMTP failures). */
  mail?: MailProvider;
}

/**
 * Messaging (issue 8): notices, in-site messages, templates; the SMS log is registered with the
 * identity module that sends the codes. Answers the message service other modules send through.
 */
export function registerMessageModule(app: FastifyInstance, deps: MessageModuleDeps): { messages: MessageService } {
  const { db, files, sms } = deps;
  const directory = createDirectory({ db });
  const messages = createMessageService({ db });
  const notices = createNoticeService({ db, files, directory });
  const inbox = createNoticeInbox({ db, files });
  const mail = deps.mail ?? createMailProvider(deps.config);
  app.addHook('onClose', async () => mail.close());

  // A notice's attachments and inline images are readable by whoever may read the notice, and by its administrators.
  files.registerAccessRule(NOTICE_FILE_BIZ, async (principal, bizId) => {
    if (principal.permissions.has(NOTICE_PERMISSIONS.detail) || principal.permissions.has(NOTICE_PERMISSIONS.list)) return true;
    return /^\d+$/.test(bizId) && inbox.canRead(principal.userId, Number(bizId));
  });

  registerNoticeRoutes(app, { notices });
  registerReceiptRoutes(app, { receipts: createReceiptService({ db }), directory });
  registerInboxRoutes(app, { inbox, messages });
  registerMsgRoutes(app, { messages });
  const templates = createTemplateService({ db });
  registerTemplateRoutes(app, { templates, sender: createTemplateSender({ db, templates, messages, sms, mail, directory }), directory });
  return { messages };
}
