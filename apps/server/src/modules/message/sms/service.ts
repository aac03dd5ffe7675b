import { and, count, desc, eq, gte, inArray, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, DEL_FLAG, notDeleted, softDelete, updatedBy, type Actor } from '../../../core/records';
import type { SmsProvider } from './providers';
import { sysSmsLog, sysVerifyCode } from './schema';

export const SMS_STATUS = { SENT: 'SENT', FAILED: 'FAILED' } as const;
export const SMS_SEND_FAILED = '短信发送失败，请稍后重试';
/** What replaces a verification code in the log once it is used or expired. */
export const MASKED_CODE = '******';

export type SmsLogRow = typeof sysSmsLog.$inferSelect;
export interface SmsLogFilter {
  phone?: string;
  purpose?: string;
  status?: string;
  beginTime?: Date;
  endTime?: Date;
}

/** Masks every 6-digit run of a log row's content (the template holds no other). */
const maskedContent = sql`regexp_replace(${sysSmsLog.content}, '[0-9]{6}', ${MASKED_CODE}, 'g')`;

/**
 * Sending and the SMS log. Every message is written to sys_sms_log whatever the
 * provider: SENT when the provider accepted it, FAILED with the reason otherwise.
 */
export function createSmsService({ db, provider }: { db: Executor; provider: SmsProvider }) {
  /** Codes that can no longer be used are masked when the log is read, so the list never shows a live secret after its life. */
  async function maskExpiredCodes() {
    const expired = db
      .select({ id: sysVerifyCode.smsLogId })
      .from(sysVerifyCode)
      .where(and(isNotNull(sysVerifyCode.smsLogId), isNull(sysVerifyCode.usedAt), lte(sysVerifyCode.expiresAt, new Date())));
    await db
      .update(sysSmsLog)
      .set({ content: maskedContent })
      .where(and(inArray(sysSmsLog.id, expired), sql`${sysSmsLog.content} ~ '[0-9]{6}'`));
  }

  function filterOf(f: SmsLogFilter): SQL | undefined {
    return and(
      notDeleted(sysSmsLog),
      f.phone ? like(sysSmsLog.phone, `%${f.phone.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
      f.purpose ? eq(sysSmsLog.purpose, f.purpose) : undefined,
      f.status ? eq(sysSmsLog.status, f.status) : undefined,
      f.beginTime ? gte(sysSmsLog.createTime, f.beginTime) : undefined,
      f.endTime ? lte(sysSmsLog.createTime, f.endTime) : undefined,
    );
  }

  return {
    providerName: provider.name,

    /** Sends one message and logs it; returns the log row id. A provider failure is logged and answered 503. */
    async send(input: { phone: string; content: string; purpose: string; ip: string | null }): Promise<number> {
      const row = { phone: input.phone, content: input.content, purpose: input.purpose, provider: provider.name, ip: input.ip, ...createdBy(null) };
      try {
        await provider.send(input.phone, input.content);
      } catch (err) {
        const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        await db.insert(sysSmsLog).values({ ...row, status: SMS_STATUS.FAILED, error: reason.slice(0, 512) });
        throw errors.unavailable(SMS_SEND_FAILED);
      }
      const [logged] = await db.insert(sysSmsLog).values({ ...row, status: SMS_STATUS.SENT }).returning({ id: sysSmsLog.id });
      return logged!.id;
    },

    /** Hides the code of a message once the code is spent. */
    async maskCode(logId: number): Promise<void> {
      await db.update(sysSmsLog).set({ content: maskedContent }).where(eq(sysSmsLog.id, logId));
    },

    /** The log, newest first (spec §7 /rest/smsService/getSmsByPage). */
    async page(filter: SmsLogFilter, page: PageParameter): Promise<Page<SmsLogRow>> {
      await maskExpiredCodes();
      const where = filterOf(filter);
      return paginate(
        page,
        (limit, offset) => db.select().from(sysSmsLog).where(where).orderBy(desc(sysSmsLog.createTime), desc(sysSmsLog.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysSmsLog).where(where))[0]?.n ?? 0,
      );
    },

    async deleteById(id: number, actor: Actor): Promise<void> {
      await softDelete(db, sysSmsLog, id, undefined, actor, '短信日志');
    },

    /** Soft-deletes the rows that still exist; answers how many were deleted. */
    async deleteByIds(ids: number[], actor: Actor): Promise<number> {
      const rows = await db
        .update(sysSmsLog)
        .set({ delFlag: DEL_FLAG.DELETED, ...updatedBy(actor, sysSmsLog) })
        .where(and(inArray(sysSmsLog.id, ids), notDeleted(sysSmsLog)))
        .returning({ id: sysSmsLog.id });
      if (rows.length === 0) throw errors.notFound('短信日志');
      return rows.length;
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
