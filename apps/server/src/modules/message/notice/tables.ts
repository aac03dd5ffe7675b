import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { NoticeAudience, NoticePriority, NoticeStatus } from '@dandelion/shared/message/notice';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Notices (spec §7 /rest/noticeService/*): written as a DRAFT, RELEASED to an audience, REVOKED.
 * A released notice is seen by its audience between its publish and expiry times.
 */
export const sysNotice = pgTable(
  'sys_notice',
  {
    id: idColumn(),
    title: varchar('title', { length: 200 }).notNull(),
    /** Rich text, sanitised by the server's allowlist before it is stored. */
    content: text('content').notNull().default(''),
    /** Plain-text opening of the content, for lists and the header dropdown. */
    summary: varchar('summary', { length: 300 }).notNull().default(''),
    /** NORMAL, IMPORTANT or URGENT. */
    priority: varchar('priority', { length: 16 }).$type<NoticePriority>().notNull().default('NORMAL'),
    /** ALL (every user) or SCOPED (the roles, organisations and users in sys_notice_audience). */
    audienceType: varchar('audience_type', { length: 16 }).$type<NoticeAudience>().notNull().default('ALL'),
    /** Whether an organisation in the audience brings its sub-organisations' users along. */
    includeSubOrgs: boolean('include_sub_orgs').notNull().default(true),
    /** Shown on the public portal (/notification) while released; only for audience ALL. */
    isPublic: boolean('is_public').notNull().default(false),
    /** Seen from this time; set to the release time when left empty. */
    publishTime: timestamp('publish_time', { withTimezone: true }),
    /** No longer seen from this time; never when empty. */
    expireTime: timestamp('expire_time', { withTimezone: true }),
    /** DRAFT, RELEASED or REVOKED. */
    status: varchar('status', { length: 16 }).$type<NoticeStatus>().notNull().default('DRAFT'),
    releaseTime: timestamp('release_time', { withTimezone: true }),
    releaseBy: varchar('release_by', { length: 64 }),
    revokeTime: timestamp('revoke_time', { withTimezone: true }),
    revokeBy: varchar('revoke_by', { length: 64 }),
    /** File-service ids of the attachments, in the order shown. */
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [index('sys_notice_status_time_idx').on(t.status, t.publishTime), index('sys_notice_create_time_idx').on(t.createTime)],
);

/** The roles, organisations and users a SCOPED notice is for (their union). */
export const sysNoticeAudience = pgTable(
  'sys_notice_audience',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    /** ROLE, ORG or USER. */
    targetType: varchar('target_type', { length: 8 }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.targetType, t.targetId] }), index('sys_notice_audience_target_idx').on(t.targetType, t.targetId)],
);

/**
 * A user's inbox: one row per notice delivered to them, with the time they read it. The primary
 * key makes delivery idempotent: delivering again never duplicates.
 */
export const sysNoticeReceiver = pgTable(
  'sys_notice_receiver',
  {
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    deliverTime: timestamp('deliver_time', { withTimezone: true }).notNull().defaultNow(),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_receiver_user_idx').on(t.userId, t.readTime)],
);
