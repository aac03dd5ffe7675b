import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { awardBankAccount } from './tables';

export type BankAccountRow = typeof awardBankAccount.$inferSelect;
/** What a save writes: the owner's fields and, when the number changes, its stored forms. */
export type BankAccountFields = Pick<BankAccountRow, 'accountName' | 'bankName' | 'branchName' | 'remark'> &
  Partial<Pick<BankAccountRow, 'numberCipher' | 'numberLast4' | 'numberMasked' | 'keyId'>>;

export interface BankAccountFilter {
  accountName?: string;
  bankName?: string;
}

function matching(filter: BankAccountFilter): SQL {
  return and(
    notDeleted(awardBankAccount),
    filter.accountName ? containing(awardBankAccount.accountName, filter.accountName) : undefined,
    filter.bankName ? containing(awardBankAccount.bankName, filter.bankName) : undefined,
  )!;
}

/** Every query of bank accounts; each takes the executor (database or open transaction) to run on. */
export const bankRepo = {
  page(ex: Executor, filter: BankAccountFilter, page: PageParameter) {
    const where = matching(filter);
    return paginate(
      page,
      (limit, offset) => ex.select().from(awardBankAccount).where(where).orderBy(desc(awardBankAccount.updateTime), desc(awardBankAccount.id)).limit(limit).offset(offset),
      () => countWhere(ex, awardBankAccount, where),
    );
  },

  async findLive(ex: Executor, id: number): Promise<BankAccountRow | undefined> {
    const [row] = await ex.select().from(awardBankAccount).where(and(eq(awardBankAccount.id, id), notDeleted(awardBankAccount))).limit(1);
    return row;
  },

  async findOfUser(ex: Executor, userId: number): Promise<BankAccountRow | undefined> {
    const [row] = await ex.select().from(awardBankAccount).where(and(eq(awardBankAccount.userId, userId), notDeleted(awardBankAccount))).limit(1);
    return row;
  },

  async insert(ex: Executor, userId: number, fields: Required<BankAccountFields>, actor: Actor): Promise<BankAccountRow> {
    const [row] = await ex.insert(awardBankAccount).values({ userId, ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: BankAccountFields, actor: Actor) =>
    updateVersioned(ex, awardBankAccount, id, lockVersion, fields, actor, '收款账户'),
};
