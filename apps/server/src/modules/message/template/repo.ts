import { and, asc, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { SmsStatus } from '@dandelion/shared/message/sms';
import type { MessageChannel } from '@dandelion/shared/message/template';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysMsgSendLog, sysMsgTemplate } from './tables';

export type TemplateRow = typeof sysMsgTemplate.$inferSelect;
export type TemplateFields = Pick<TemplateRow, 'templateCode' | 'templateName' | 'channel' | 'title' | 'content' | 'sampleValues' | 'status' | 'remark'>;
export type SendLogInsert = typeof sysMsgSendLog.$inferInsert;

export interface TemplateFilter {
  templateCode?: string;
  templateName?: string;
  channel?: MessageChannel;
  status?: RecordStatus;
}

export interface SendLogFilter {
  templateId?: number;
  channel?: MessageChannel;
  status?: SmsStatus;
  /** Recipient name, address or template code. */
  keyword?: string;
  beginTime?: Date;
  endTime?: Date;
}

const live = (...more: Array<SQL | undefined>) => and(notDeleted(sysMsgTemplate), ...more);

/** Message templates and the log of what was sent from them. */
export const templateRepo = {
  async findLive(ex: Executor, id: number): Promise<TemplateRow | undefined> {
    const [row] = await ex.select().from(sysMsgTemplate).where(live(eq(sysMsgTemplate.id, id))).limit(1);
    return row;
  },

  async findByCode(ex: Executor, code: string): Promise<TemplateRow | undefined> {
    const [row] = await ex.select().from(sysMsgTemplate).where(live(eq(sysMsgTemplate.templateCode, code))).limit(1);
    return row;
  },

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: sysMsgTemplate.id }).from(sysMsgTemplate).where(live(inArray(sysMsgTemplate.id, ids)))).map((r) => r.id);
  },

  /** Most recently changed first. */
  page(ex: Executor, filter: TemplateFilter, page: PageParameter) {
    const where = live(
      filter.templateCode ? containing(sysMsgTemplate.templateCode, filter.templateCode) : undefined,
      filter.templateName ? containing(sysMsgTemplate.templateName, filter.templateName) : undefined,
      filter.channel ? eq(sysMsgTemplate.channel, filter.channel) : undefined,
      filter.status ? eq(sysMsgTemplate.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysMsgTemplate).where(where).orderBy(desc(sysMsgTemplate.updateTime), asc(sysMsgTemplate.id)).limit(limit).offset(offset),
      () => countWhere(ex, sysMsgTemplate, where),
    );
  },

  async insert(ex: Executor, fields: TemplateFields, actor: Actor): Promise<TemplateRow> {
    const [row] = await ex
      .insert(sysMsgTemplate)
      .values({ ...fields, ...createdBy(actor) })
      .returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: TemplateFields, actor: Actor) =>
    updateVersioned(ex, sysMsgTemplate, id, lockVersion, fields, actor, '消息模板'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysMsgTemplate, id, lockVersion, actor, '消息模板'),

  async insertSendLogs(ex: Executor, rows: SendLogInsert[]): Promise<void> {
    if (rows.length) await ex.insert(sysMsgSendLog).values(rows);
  },

  /** The send log, newest first. */
  sendLogPage(ex: Executor, filter: SendLogFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysMsgSendLog),
      filter.templateId ? eq(sysMsgSendLog.templateId, filter.templateId) : undefined,
      filter.channel ? eq(sysMsgSendLog.channel, filter.channel) : undefined,
      filter.status ? eq(sysMsgSendLog.status, filter.status) : undefined,
      filter.keyword
        ? or(containing(sysMsgSendLog.recipientName, filter.keyword), containing(sysMsgSendLog.address, filter.keyword), containing(sysMsgSendLog.templateCode, filter.keyword))
        : undefined,
      filter.beginTime ? gte(sysMsgSendLog.createTime, filter.beginTime) : undefined,
      filter.endTime ? lte(sysMsgSendLog.createTime, filter.endTime) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysMsgSendLog).where(where).orderBy(desc(sysMsgSendLog.createTime), desc(sysMsgSendLog.id)).limit(limit).offset(offset),
      () => countWhere(ex, sysMsgSendLog, where),
    );
  },
};
