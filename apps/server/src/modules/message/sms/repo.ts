import { and, count, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, like, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Page, PageParameter } from '@dandelion/shared';
import { CODE_PURPOSES, type SmsStatus } from '@dandelion/shared/message/sms';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, DEL_FLAG, notDeleted, softDelete, type Actor } from '../../../core/records';
import { escapeLike } from '../../../core/sql';
import { sysSmsLog, sysVerifyCode } from './tables';

export type SmsLogRow = typeof sysSmsLog.$inferSelect;
export interface SmsLogFilter {
  phone?: string;
  purpose?: string;
  status?: SmsStatus;
  beginTime?: Date;
  endTime?: Date;
}
export type VerifyCodeRow = typeof sysVerifyCode.$inferSelect;

/** What replaces a verification code in the log once it is used or expired. */
export const MASKED_CODE = '******';

/** Masks every 6-digit run of a log row's content (the template holds no other). */
const maskedContent = sql`regexp_replace(${sysSmsLog.content}, '[0-9]{6}', ${MASKED_CODE}, 'g')`;

function logCondition(f: SmsLogFilter): SQL | undefined {
  return and(
    notDeleted(sysSmsLog),
    f.phone ? like(sysSmsLog.phone, `%${escapeLike(f.phone)}%`) : undefined,
    f.purpose ? eq(sysSmsLog.purpose, f.purpose) : undefined,
    f.status ? eq(sysSmsLog.status, f.status) : undefined,
    f.beginTime ? gte(sysSmsLog.createTime, f.beginTime) : undefined,
    f.endTime ? lte(sysSmsLog.createTime, f.endTime) : undefined,
  );
}
const newestFirst = [desc(sysSmsLog.createTime), desc(sysSmsLog.id)];

/** The SMS log: every message sent (or tried), with what it said. */
export const smsLogRepo = {
  async insert(ex: Executor, values: { phone: string; content: string; purpose: string; provider: string; ip: string | null; status: SmsStatus; error?: string }, actor: Actor | null): Promise<number> {
    const [row] = await ex
      .insert(sysSmsLog)
      .values({ ...values, ...createdBy(actor) })
      .returning({ id: sysSmsLog.id });
    return row!.id;
  },

  /** Hides the code of one message. */
  async maskCode(ex: Executor, logId: number): Promise<void> {
    await ex.update(sysSmsLog).set({ content: maskedContent }).where(eq(sysSmsLog.id, logId));
  },

  /** Masks the messages of codes that can no longer be used (expired unused). */
  async maskExpiredCodes(ex: Executor, now: Date): Promise<void> {
    const expired = ex
      .select({ id: sysVerifyCode.smsLogId })
      .from(sysVerifyCode)
      .where(and(isNotNull(sysVerifyCode.smsLogId), isNull(sysVerifyCode.usedAt), lte(sysVerifyCode.expiresAt, now)));
    await ex
      .update(sysSmsLog)
      .set({ content: maskedContent })
      .where(and(inArray(sysSmsLog.id, expired), sql`${sysSmsLog.content} ~ '[0-9]{6}'`));
  },

  page(ex: Executor, filter: SmsLogFilter, page: PageParameter): Promise<Page<SmsLogRow>> {
    const where = logCondition(filter);
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select()
          .from(sysSmsLog)
          .where(where)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset),
      async () => (await ex.select({ n: count() }).from(sysSmsLog).where(where))[0]?.n ?? 0,
    );
  },

  /** The log as filtered, newest first; messages carrying a code are masked whether or not the code is spent. */
  exportRows: (ex: Executor, filter: SmsLogFilter, limit: number) =>
    ex
      .select({ ...getTableColumns(sysSmsLog), content: sql<string>`case when ${inArray(sysSmsLog.purpose, [...CODE_PURPOSES])} then ${maskedContent} else ${sysSmsLog.content} end` })
      .from(sysSmsLog)
      .where(logCondition(filter))
      .orderBy(...newestFirst)
      .limit(limit),

  softDelete: (ex: Executor, id: number, actor: Actor) => softDelete(ex, sysSmsLog, id, undefined, actor, '短信日志'),

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: sysSmsLog.id }).from(sysSmsLog).where(and(inArray(sysSmsLog.id, ids), notDeleted(sysSmsLog)))).map((r) => r.id);
  },
};

/** Codes of a phone (or an IP) that count against the sending limits: live, of the code purposes. */
const counted = (...more: Array<SQL | undefined>) => and(notDeleted(sysVerifyCode), inArray(sysVerifyCode.purpose, [...CODE_PURPOSES]), ...more);

/** One-time codes and tokens, stored hashed. */
export const verifyCodeRepo = {
  /** Serialises code requests for one phone until the transaction ends. */
  async lockPhone(tx: Executor, phone: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${phone}`}))`);
  },

  /** When the newest counted code for this phone and purpose was sent, if after `since`. */
  async lastSentAfter(ex: Executor, phone: string, purpose: string, since: Date): Promise<Date | null> {
    const [row] = await ex
      .select({ at: max(sysVerifyCode.createTime) })
      .from(sysVerifyCode)
      .where(counted(eq(sysVerifyCode.phone, phone), eq(sysVerifyCode.purpose, purpose), gt(sysVerifyCode.createTime, since)));
    return row?.at ? new Date(row.at) : null;
  },

  async countForPhoneSince(ex: Executor, phone: string, since: Date): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(sysVerifyCode)
      .where(counted(eq(sysVerifyCode.phone, phone), gte(sysVerifyCode.createTime, since)));
    return row?.n ?? 0;
  },

  async countForIpAfter(ex: Executor, ip: string, since: Date): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(sysVerifyCode)
      .where(counted(eq(sysVerifyCode.ip, ip), gt(sysVerifyCode.createTime, since)));
    return row?.n ?? 0;
  },

  async insert(ex: Executor, values: { phone: string; purpose: string; codeHash: string; expiresAt: Date; ip?: string }): Promise<number> {
    const [row] = await ex
      .insert(sysVerifyCode)
      .values({ ...values, ...createdBy(null) })
      .returning({ id: sysVerifyCode.id });
    return row!.id;
  },

  async linkSms(ex: Executor, codeId: number, smsLogId: number): Promise<void> {
    await ex.update(sysVerifyCode).set({ smsLogId }).where(eq(sysVerifyCode.id, codeId));
  },

  /** A code that never reached the user stops counting. */
  async discard(ex: Executor, codeId: number): Promise<void> {
    await ex.update(sysVerifyCode).set({ delFlag: DEL_FLAG.DELETED }).where(eq(sysVerifyCode.id, codeId));
  },

  async newest(ex: Executor, phone: string, purpose: string): Promise<VerifyCodeRow | undefined> {
    const [row] = await ex
      .select()
      .from(sysVerifyCode)
      .where(and(eq(sysVerifyCode.phone, phone), eq(sysVerifyCode.purpose, purpose), notDeleted(sysVerifyCode)))
      .orderBy(desc(sysVerifyCode.createTime), desc(sysVerifyCode.id))
      .limit(1);
    return row;
  },

  async addAttempt(ex: Executor, id: number): Promise<void> {
    await ex
      .update(sysVerifyCode)
      .set({ attempts: sql`${sysVerifyCode.attempts} + 1` })
      .where(eq(sysVerifyCode.id, id));
  },

  /** Spends a code unless it was spent or guessed at too often meanwhile; answers whether this call spent it. */
  async spend(ex: Executor, id: number, maxAttempts: number): Promise<boolean> {
    const rows = await ex
      .update(sysVerifyCode)
      .set({ usedAt: new Date() })
      .where(and(eq(sysVerifyCode.id, id), isNull(sysVerifyCode.usedAt), lt(sysVerifyCode.attempts, maxAttempts)))
      .returning({ id: sysVerifyCode.id });
    return rows.length > 0;
  },

  /** Spends a live token by its hash; answers the phone it was issued for. */
  async consumeToken(ex: Executor, purpose: string, tokenHash: string): Promise<string | null> {
    const now = new Date();
    const rows = await ex
      .update(sysVerifyCode)
      .set({ usedAt: now })
      .where(
        and(
          eq(sysVerifyCode.codeHash, tokenHash),
          eq(sysVerifyCode.purpose, purpose),
          isNull(sysVerifyCode.usedAt),
          gt(sysVerifyCode.expiresAt, now),
          notDeleted(sysVerifyCode),
        ),
      )
      .returning({ phone: sysVerifyCode.phone });
    return rows[0]?.phone ?? null;
  },
};
