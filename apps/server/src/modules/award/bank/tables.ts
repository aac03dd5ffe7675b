import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * One review-fee account per user (收款账户). The number is never stored in the clear: `numberCipher`
 * holds AES-256-GCM's iv, tag and ciphertext (cipher.ts); lists read only the plain last four digits
 * and the masked form. `keyId` names the key that encrypted it, so a changed key is told apart from
 * a damaged value.
 */
export const awardBankAccount = pgTable(
  'award_bank_account',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    branchName: varchar('branch_name', { length: 100 }).notNull(),
    numberCipher: text('number_cipher').notNull(),
    numberLast4: varchar('number_last4', { length: 4 }).notNull(),
    numberMasked: varchar('number_masked', { length: 32 }).notNull(),
    keyId: varchar('key_id', { length: 16 }).notNull(),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('award_bank_account_user_uq').on(t.userId).where(sql`del_flag = 0`),
    index('award_bank_account_update_idx').on(t.updateTime).where(sql`del_flag = 0`),
  ],
);

// Two first saves of one user racing: the second is told the account exists (409).
registerUniqueField('award_bank_account_user_uq', '收款账户');
