import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { bankCipherFrom, type BankKeySetting } from './cipher';
import { registerBankRoutes } from './routes';
import { BANK_DISABLED_MESSAGE, createBankService, type OwnerNames } from './service';

export type { BankKeySetting } from './cipher';
export type { OwnerNames } from './service';

export interface BankModuleDeps {
  db: Db;
  key: BankKeySetting;
  ownerNames: OwnerNames;
  /** Told once at start-up when the feature is off (production without a key). */
  warn: (message: string) => void;
}

/**
 * Review-fee bank accounts (收款账户). A malformed key throws here (config.ts refuses it before);
 * a missing key in production leaves the calls answering 503 and says so in the log at start-up.
 */
export function registerBankModule(app: FastifyInstance, deps: BankModuleDeps): void {
  const cipher = bankCipherFrom(deps.key);
  if (!cipher) deps.warn(`${BANK_DISABLED_MESSAGE} / bank accounts are disabled: set BANK_ACCOUNT_KEY (32 bytes, hex or base64)`);
  registerBankRoutes(app, createBankService({ db: deps.db, cipher, ownerNames: deps.ownerNames }));
}
