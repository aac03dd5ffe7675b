import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../core/excel';
import type { Page, PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { SmsProvider } from './providers';
import { sysSmsLog, sysVerifyCode } from './schema';
import { maskPhone } from '@dandelion/shared';

export const SMS_STATUS = { SENT: 'SENT', FAILED: 'FAILED' } as const;
export const SMS_MODULE = 'message:sms';

export interface SmsDelivery {
  logId: number;
  status: (typeof SMS_STATUS)[keyof typeof SMS_STATUS];
  error: string | null;
  provider: string;
}

/** 138****8000: enough to tell rows apart in the operation log. */
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

const PURPOSE_NAMES: Record<string, string> = { LOGIN: '登录', REGISTER: '注册', RESET_PASSWORD: '找回密码', BIND_PHONE: '绑定手机', TEMPLATE: '模板消息' };

const SMS_EXPORT_COLUMNS: readonly SheetColumn<SmsLogRow>[] = [
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '用途', width: 12, value: (r) => PURPOSE_NAMES[r.purpose] ?? r.purpose },
  { header: '内容', width: 60, value: (r) => r.content },
  { header: '服务商', width: 12, value: (r) => (r.provider === 'WEBHOOK' ? '短信网关' : r.provider === 'LOG' ? '仅记录' : r.provider) },
  { header: '状态', width: 10, value: (r) => (r.status === 'SENT' ? '发送成功' : '发送失败') },
  { header: '失败原因', width: 40, value: (r) => r.error },
  { header: '请求 IP', width: 16, value: (r) => r.ip },
  { header: '发送时间', width: 20, value: (r) => beijingTime(r.createTime) },
];

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

  /**
   * Sends one message and logs it, never throwing for a gateway failure: answers the log row id,
   * SENT or FAILED, and the reason. Template sending uses it to go on with the next recipient.
   */
  async function deliver(input: { phone: string; content: string; purpose: string; ip: string | null; actor?: Actor | null }): Promise<SmsDelivery> {
    const row = { phone: input.phone, content: input.content, purpose: input.purpose, provider: provider.name, ip: input.ip, ...createdBy(input.actor ?? null) };
    try {
      await provider.send(input.phone, input.content);
    } catch (err) {
      const reason = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 512);
      const [failed] = await db.insert(sysSmsLog).values({ ...row, status: SMS_STATUS.FAILED, error: reason }).returning({ id: sysSmsLog.id });
      return { logId: failed!.id, status: SMS_STATUS.FAILED, error: reason, provider: provider.name };
    }
    const [logged] = await db.insert(sysSmsLog).values({ ...row, status: SMS_STATUS.SENT }).returning({ id: sysSmsLog.id });
    return { logId: logged!.id, status: SMS_STATUS.SENT, error: null, provider: provider.name };
  }

  async function removeOne(tx: Executor, id: number, change: ChangeContext) {
    const after = await softDelete(tx, sysSmsLog, id, undefined, change.actor, '短信日志');
    await recordOperation(tx, {
      module: SMS_MODULE,
      action: 'DELETE',
      entityId: id,
      summary: `删除短信日志（${maskPhone(after.phone)}）`,
      // The content may still hold a live code: the log keeps only what identifies the row.
      before: { id, phone: maskPhone(after.phone), purpose: after.purpose, status: after.status, createTime: after.createTime },
      ...change,
    });
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

    deliver,

    /** Sends one message and logs it; returns the log row id. A provider failure is logged and answered 503. */
    async send(input: { phone: string; content: string; purpose: string; ip: string | null }): Promise<number> {
      const sent = await deliver(input);
      if (sent.status === SMS_STATUS.FAILED) throw errors.unavailable(SMS_SEND_FAILED);
      return sent.logId;
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

    /** Soft-deletes one row, with its operation-log row in the same transaction. */
    /**
     * The log as filtered, as an Excel workbook. Verification codes are masked in the file whether
     * or not they are spent: a file outlives the five minutes a code lives.
     */
    async export(filter: SmsLogFilter): Promise<Buffer> {
      await maskExpiredCodes();
      const rows = await db
        .select({ ...getTableColumns(sysSmsLog), content: sql<string>`case when ${sysSmsLog.purpose} in ('LOGIN', 'REGISTER', 'RESET_PASSWORD', 'BIND_PHONE') then ${maskedContent} else ${sysSmsLog.content} end` })
        .from(sysSmsLog)
        .where(filterOf(filter))
        .orderBy(desc(sysSmsLog.createTime), desc(sysSmsLog.id))
        .limit(MAX_EXPORT_ROWS);
      return workbookOf('短信日志', SMS_EXPORT_COLUMNS, rows);
    },

    async deleteById(id: number, change: ChangeContext): Promise<void> {
      await withTransaction(db, (tx) => removeOne(tx, id, change));
    },

    /** All or nothing: one missing row refuses the batch; answers how many were deleted. */
    async deleteByIds(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const found = await tx.select({ id: sysSmsLog.id }).from(sysSmsLog).where(and(inArray(sysSmsLog.id, unique), notDeleted(sysSmsLog)));
        if (found.length !== unique.length) throw errors.notFound('部分短信日志');
        for (const id of unique) await removeOne(tx, id, change);
        return unique.length;
      });
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
