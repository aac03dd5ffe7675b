import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../core/db';
import type { FileService } from '../file/module';
import { createDirectory } from './directory/module';
import { registerMsgModule, type MessageService } from './msg/module';
import { registerNoticeModule } from './notice/module';
import { registerSmsModule, type FindUserByPhone, type SmsConfig, type VerifyCodeService } from './sms/module';
import { registerTemplateModule, type MailConfig, type TemplateNotifier } from './template/module';

export type { MessageService, SendMessageInput } from './msg/module';
export type { FindUserByPhone, VerifyCodeService } from './sms/module';
export type { TemplateNotifier } from './template/module';

export interface MessageModuleDeps {
  db: Executor;
  files: FileService;
  /** The SMS gateway and the SMTP server. */
  config: SmsConfig & MailConfig;
  /** The user module answers whose a phone is (a code for registering needs a free one). */
  findUserByPhone: FindUserByPhone;
}

/** What other modules use of messaging: sending in-site messages, and the SMS verification codes. */
export interface MessageFacade {
  messages: MessageService;
  codes: VerifyCodeService;
  /** Templates the office configures by code (SMS, e-mail) for events of other modules. */
  templates: TemplateNotifier;
}

/**
 * Messaging: SMS codes and the SMS log, in-site messages, notices and templates. Answers the
 * message service other modules send through and the verification codes sign-in and registration check.
 */
export function registerMessageModule(app: FastifyInstance, deps: MessageModuleDeps): MessageFacade {
  const { db, files, config } = deps;
  const directory = createDirectory({ db });
  const { sms, codes } = registerSmsModule(app, { db, config, findUserByPhone: deps.findUserByPhone });
  const messages = registerMsgModule(app, { db });
  registerNoticeModule(app, { db, files, directory, messages });
  const templates = registerTemplateModule(app, { db, directory, messages, sms, mailConfig: config });
  return { messages, codes, templates };
}
