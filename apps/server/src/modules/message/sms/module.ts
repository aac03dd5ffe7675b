import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../../core/db';
import { createSmsProvider, type SmsConfig } from './providers';
import { registerSmsRoutes } from './routes';
import { createSmsService, type SmsService } from './service';
import { createVerifyCodeService, type FindUserByPhone, type VerifyCodeService } from './verifyCodes';

export type { SmsConfig, SmsService, VerifyCodeService, FindUserByPhone };
export type { SmsDelivery } from './service';

export interface SmsModuleDeps {
  db: Executor;
  config: SmsConfig;
  findUserByPhone: FindUserByPhone;
}

/**
 * SMS: the verification codes sign-in, registration and the account centre check, and the log of
 * every message sent. Answers the SMS service (template sending) and the codes (the identity module).
 */
export function registerSmsModule(app: FastifyInstance, deps: SmsModuleDeps): { sms: SmsService; codes: VerifyCodeService } {
  const sms = createSmsService({ db: deps.db, provider: createSmsProvider(deps.config) });
  const codes = createVerifyCodeService({ db: deps.db, sms, findUserByPhone: deps.findUserByPhone });
  registerSmsRoutes(app, { sms, codes });
  return { sms, codes };
}
