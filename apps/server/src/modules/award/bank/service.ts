import type { PageParameter } from '@dandelion/shared';
import { ACCOUNT_NUMBER_REQUIRED_MESSAGE, BANK_PERMISSIONS } from '@dandelion/shared/award/bank';
import { maskBankAccount } from '@dandelion/shared/masking';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { BankCipher } from './cipher';
import { bankRepo, type BankAccountFilter, type BankAccountRow } from './repo';

const LOG_MODULE = 'award:bank';
export const BANK_DISABLED_MESSAGE = '收款账户功能未启用：服务器未配置账号加密密钥 BANK_ACCOUNT_KEY，请联系系统管理员';

/** The owners' names (real name, else user name) by user id: the user module answers, in the caller's executor. */
export type OwnerNames = (ex: Executor, userIds: number[]) => Promise<Map<number, string>>;

export interface BankServiceDeps {
  db: Db;
  /** null in production without BANK_ACCOUNT_KEY: every call answers 503. */
  cipher: BankCipher | null;
  ownerNames: OwnerNames;
}

export interface MyBankInput {
  accountName: string;
  bankName: string;
  branchName: string;
  accountNumber: string | null;
  remark: string | null;
  lockVersion?: number | null;
}

/** An account as it may leave the server: the number masked, the ciphertext and key id dropped. */
export type PresentedBankAccount = Omit<BankAccountRow, 'numberCipher' | 'numberLast4' | 'numberMasked' | 'keyId'> & { ownerName: string | null; accountNumberMasked: string };

function present(row: BankAccountRow, ownerName: string | null): PresentedBankAccount {
  const { numberCipher: _cipher, numberLast4: _last4, numberMasked, keyId: _keyId, ...rest } = row;
  return { ...rest, ownerName, accountNumberMasked: numberMasked };
}

/**
 * Review-fee accounts: the office lists them masked, each user keeps their own, and finance reads a
 * whole number — each such read leaves an operation-log row naming who read whose account (never the
 * number). Nothing here writes a number, plain or encrypted, to a log.
 */
export function createBankService({ db, cipher, ownerNames }: BankServiceDeps) {
  const cipherOrRefuse = (): BankCipher => {
    if (!cipher) throw errors.unavailable(BANK_DISABLED_MESSAGE);
    return cipher;
  };
  const nameOf = async (ex: Executor, userId: number) => (await ownerNames(ex, [userId])).get(userId) ?? null;

  async function findLive(ex: Executor, id: number): Promise<BankAccountRow> {
    const row = await bankRepo.findLive(ex, id);
    if (!row) throw errors.notFound('收款账户');
    return row;
  }

  /** The stored forms of a number typed by its owner. */
  const storedNumber = (c: BankCipher, accountNumber: string, ownerId: number) => ({
    numberCipher: c.encrypt(accountNumber, ownerId),
    numberLast4: accountNumber.slice(-4),
    numberMasked: maskBankAccount(accountNumber)!,
    keyId: c.keyId,
  });

  return {
    async page(filter: BankAccountFilter, page: PageParameter) {
      cipherOrRefuse();
      const result = await bankRepo.page(db, filter, page);
      const names = await ownerNames(db, [...new Set(result.list.map((r) => r.userId))]);
      return { ...result, list: result.list.map((r) => present(r, names.get(r.userId) ?? null)) };
    },

    async detail(id: number): Promise<PresentedBankAccount> {
      cipherOrRefuse();
      const row = await findLive(db, id);
      return present(row, await nameOf(db, row.userId));
    },

    /** Finance's 查看完整账号: the whole number, and a row in the operation log in the same transaction. */
    fullNumber: (id: number, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const c = cipherOrRefuse();
        const row = await findLive(tx, id);
        if (row.keyId !== c.keyId) throw errors.conflict('该账号由另一把密钥加密（BANK_ACCOUNT_KEY 已更换），无法解密，请账户本人重新填写银行账号');
        let accountNumber: string;
        try {
          accountNumber = c.decrypt(row.numberCipher, row.userId);
        } catch {
          throw errors.conflict('该账号的密文已损坏，无法解密，请账户本人重新填写银行账号');
        }
        const owner = await nameOf(tx, row.userId);
        await recordOperation(tx, {
          module: LOG_MODULE,
          action: 'READ_FULL',
          entityId: row.id,
          summary: `查看完整银行账号：${owner ?? `用户${row.userId}`}的收款账户（户名「${row.accountName}」，${row.bankName}，${row.numberMasked}）`,
          after: { accountId: row.id, ownerUserId: row.userId, permission: BANK_PERMISSIONS.full },
          ...change,
        });
        return { id: row.id, accountNumber };
      }),

    async mine(userId: number): Promise<PresentedBankAccount | null> {
      cipherOrRefuse();
      const row = await bankRepo.findOfUser(db, userId);
      return row ? present(row, await nameOf(db, userId)) : null;
    },

    /**
     * The owner's save: the first one creates the account and needs a number; later ones send the
     * version they read (409 when someone saved since) and keep the number unless a new one is typed.
     */
    saveMine: (input: MyBankInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const c = cipherOrRefuse();
        const userId = change.actor.id;
        const { accountNumber, lockVersion, ...fields } = input;
        const before = await bankRepo.findOfUser(tx, userId);
        const owner = await nameOf(tx, userId);
        if (!before) {
          if (lockVersion != null) throw errors.staleVersion();
          if (!accountNumber) throw errors.badRequest(ACCOUNT_NUMBER_REQUIRED_MESSAGE);
          const row = await bankRepo.insert(tx, userId, { ...fields, ...storedNumber(c, accountNumber, userId) }, change.actor);
          const after = present(row, owner);
          await recordOperation(tx, { module: LOG_MODULE, action: 'CREATE', entityId: row.id, summary: `填写收款账户（户名「${row.accountName}」，${row.bankName}）`, after, ...change });
          return after;
        }
        if (lockVersion == null) throw errors.staleVersion();
        const row = await bankRepo.update(tx, before.id, lockVersion, { ...fields, ...(accountNumber ? storedNumber(c, accountNumber, userId) : {}) }, change.actor);
        const after = present(row, owner);
        const numberChanged = accountNumber ? '，更换银行账号' : '';
        await recordOperation(tx, { module: LOG_MODULE, action: 'UPDATE', entityId: row.id, summary: `修改收款账户（户名「${row.accountName}」，${row.bankName}${numberChanged}）`, before: present(before, owner), after, ...change });
        return after;
      }),
  };
}
export type BankService = ReturnType<typeof createBankService>;
