import { maskPhone, type PageParameter } from '@dandelion/shared';
import { SMS_PROVIDER_LABELS, SMS_PURPOSE_LABELS, SMS_STATUS_LABELS, type SmsStatus } from '@dandelion/shared/message/sms';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../core/excel';
import type { Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { SmsProvider } from './providers';
import { smsLogRepo, type SmsLogFilter, type SmsLogRow } from './repo';

export const SMS_MODULE = 'message:sms';
export const SMS_SEND_FAILED = '短信发送失败，请稍后重试';

export interface SmsDelivery {
  logId: number;
  status: SmsStatus;
  error: string | null;
  provider: string;
}

const SMS_EXPORT_COLUMNS: readonly SheetColumn<SmsLogRow>[] = [
  { header: '手机号', width: 16, value: (r) => r.phone },
  { header: '用途', width: 12, value: (r) => SMS_PURPOSE_LABELS[r.purpose] ?? r.purpose },
  { header: '内容', width: 60, value: (r) => r.content },
  { header: '服务商', width: 12, value: (r) => SMS_PROVIDER_LABELS[r.provider] ?? r.provider },
  { header: '状态', width: 10, value: (r) => SMS_STATUS_LABELS[r.status] },
  { header: '失败原因', width: 40, value: (r) => r.error },
  { header: '请求 IP', width: 16, value: (r) => r.ip },
  { header: '发送时间', width: 20, value: (r) => beijingTime(r.createTime) },
];

/**
 * Sending and the SMS log. Every message is written to sys_sms_log whatever the
 * provider: SENT when the provider accepted it, FAILED with the reason otherwise.
 */
export function createSmsService({ db, provider }: { db: Executor; provider: SmsProvider }) {
  /** Codes that can no longer be used are masked when the log is read, so the list never shows a live secret after its life. */
  const maskExpiredCodes = () => smsLogRepo.maskExpiredCodes(db, new Date());

  /**
   * Sends one message and logs it, never throwing for a gateway failure: answers the log row id,
   * SENT or FAILED, and the reason. Template sending uses it to go on with the next recipient.
   */
  async function deliver(input: { phone: string; content: string; purpose: string; ip: string | null; actor?: Actor | null }): Promise<SmsDelivery> {
    const row = { phone: input.phone, content: input.content, purpose: input.purpose, provider: provider.name, ip: input.ip };
    const actor = input.actor ?? null;
    try {
      await provider.send(input.phone, input.content);
    } catch (err) {
      const reason = (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 512);
      const logId = await smsLogRepo.insert(db, { ...row, status: 'FAILED', error: reason }, actor);
      return { logId, status: 'FAILED', error: reason, provider: provider.name };
    }
    const logId = await smsLogRepo.insert(db, { ...row, status: 'SENT' }, actor);
    return { logId, status: 'SENT', error: null, provider: provider.name };
  }

  async function removeOne(tx: Executor, id: number, change: ChangeContext) {
    const after = await smsLogRepo.softDelete(tx, id, change.actor);
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

  return {
    providerName: provider.name,

    deliver,

    /** Sends one message and logs it; returns the log row id. A provider failure is logged and answered 503. */
    async send(input: { phone: string; content: string; purpose: string; ip: string | null }): Promise<number> {
      const sent = await deliver(input);
      if (sent.status === 'FAILED') throw errors.unavailable(SMS_SEND_FAILED);
      return sent.logId;
    },

    /** Hides the code of a message once the code is spent. */
    maskCode: (logId: number) => smsLogRepo.maskCode(db, logId),

    /** The log, newest first (spec §7 /rest/smsService/getSmsByPage). */
    async page(filter: SmsLogFilter, page: PageParameter) {
      await maskExpiredCodes();
      return smsLogRepo.page(db, filter, page);
    },

    /**
     * The log as filtered, as an Excel workbook. Verification codes are masked in the file whether
     * or not they are spent: a file outlives the five minutes a code lives.
     */
    async export(filter: SmsLogFilter): Promise<Buffer> {
      await maskExpiredCodes();
      return workbookOf('短信日志', SMS_EXPORT_COLUMNS, await smsLogRepo.exportRows(db, filter, MAX_EXPORT_ROWS));
    },

    /** Soft-deletes one row, with its operation-log row in the same transaction. */
    async deleteById(id: number, change: ChangeContext): Promise<void> {
      await withTransaction(db, (tx) => removeOne(tx, id, change));
    },

    /** All or nothing: one missing row refuses the batch; answers how many were deleted. */
    async deleteByIds(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        if ((await smsLogRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分短信日志');
        for (const id of unique) await removeOne(tx, id, change);
        return unique.length;
      });
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
