import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { RecordStatus } from '@dandelion/shared';
import type { SmsStatus } from '@dandelion/shared/message/sms';
import type { MessageChannel } from '@dandelion/shared/message/template';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/** Message templates (spec §7 /rest/templateService/*): a title and body with ${name} variables, sent through one channel. */
export const sysMsgTemplate = pgTable(
  'sys_msg_template',
  {
    id: idColumn(),
    templateCode: varchar('template_code', { length: 64 }).notNull(),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    /** SITE (in-site message), SMS or EMAIL. */
    channel: varchar('channel', { length: 16 }).$type<MessageChannel>().notNull(),
    /** Title of an in-site message or e-mail subject; unused for SMS. */
    title: varchar('title', { length: 200 }),
    content: varchar('content', { length: 2000 }).notNull(),
    /** Sample values for the preview and the test send, by variable name. */
    sampleValues: jsonb('sample_values').$type<Record<string, string>>().notNull().default({}),
    /** NORMAL or DISABLED: a disabled template cannot be sent. */
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_msg_template_code_uq').on(t.templateCode).where(sql`del_flag = 0`)],
);

/** Every message sent from a template: one row per recipient, with what was sent and how it went. */
export const sysMsgSendLog = pgTable(
  'sys_msg_send_log',
  {
    id: idColumn(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    templateCode: varchar('template_code', { length: 64 }).notNull(),
    channel: varchar('channel', { length: 16 }).$type<MessageChannel>().notNull(),
    /** One sendMsg call: its rows share this id. */
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    recipientName: varchar('recipient_name', { length: 64 }),
    /** Phone, e-mail address or user name, as the channel addressed the recipient. */
    address: varchar('address', { length: 128 }),
    title: varchar('title', { length: 200 }),
    content: varchar('content', { length: 4000 }).notNull(),
    /** SENT or FAILED. */
    status: varchar('status', { length: 16 }).$type<SmsStatus>().notNull(),
    error: varchar('error', { length: 512 }),
    /** SITE, LOG, WEBHOOK or SMTP. */
    provider: varchar('provider', { length: 32 }).notNull(),
    ...auditColumns,
  },
  (t) => [index('sys_msg_send_log_template_idx').on(t.templateId, t.createTime), index('sys_msg_send_log_time_idx').on(t.createTime)],
);

registerUniqueField('sys_msg_template_code_uq', '模板编码');

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('template', { templateCode: { table: sysMsgTemplate, column: sysMsgTemplate.templateCode, label: '模板编码' } }, ['msg_template', 'sys_msg_template']);
