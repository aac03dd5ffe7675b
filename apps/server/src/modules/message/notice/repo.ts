import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { ReadFlag } from '@dandelion/shared/message/common';
import type { NoticeAudience, NoticePriority, NoticeStatus } from '@dandelion/shared/message/notice';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { liveOrgs } from '../../system/org/module';
import { liveUsers, orgOfUser } from '../../system/user/module';
import { inAudience, noticeDeliverable, noticeLive, reachableMember, TARGET, type TargetType } from './audience';
import { sysNotice, sysNoticeAudience, sysNoticeReceiver } from './tables';

export type NoticeRow = typeof sysNotice.$inferSelect;
export type NoticeValues = Omit<typeof sysNotice.$inferInsert, 'id' | 'createBy' | 'createById' | 'updateBy' | 'updateById' | 'createTime' | 'updateTime'>;
export interface AudienceIds {
  roleIds: number[];
  orgIds: number[];
  userIds: number[];
}

export interface NoticeFilter {
  title?: string;
  status?: NoticeStatus;
  priority?: NoticePriority;
  audienceType?: NoticeAudience;
  isPublic?: boolean;
  beginTime?: Date;
  endTime?: Date;
}

export interface InboxFilter {
  title?: string;
  readFlag?: ReadFlag;
  priority?: NoticePriority;
}

export interface ReceiptFilter {
  readFlag?: ReadFlag;
  /** User name, real name or organisation. */
  keyword?: string;
}

const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const total = async (rows: Promise<Array<{ n: number }>>) => Number((await rows)[0]?.n ?? 0);
const readState = (column: typeof sysNoticeReceiver.readTime, flag: ReadFlag | undefined) =>
  flag === 0 ? isNull(column) : flag === 1 ? isNotNull(column) : undefined;
const newestPublished = [desc(sysNotice.publishTime), desc(sysNotice.id)];

/** The notices as administrators keep them: the rows, their audience, delivery into inboxes and the counts. */
export const noticeRepo = {
  async findLive(ex: Executor, id: number): Promise<NoticeRow | undefined> {
    const [row] = await ex.select().from(sysNotice).where(and(eq(sysNotice.id, id), notDeleted(sysNotice))).limit(1);
    return row;
  },

  liveByIds: (ex: Executor, ids: number[]) => ex.select().from(sysNotice).where(and(inArray(sysNotice.id, ids), notDeleted(sysNotice))),

  page(ex: Executor, filter: NoticeFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysNotice),
      filter.title ? containing(sysNotice.title, filter.title) : undefined,
      filter.status ? eq(sysNotice.status, filter.status) : undefined,
      filter.priority ? eq(sysNotice.priority, filter.priority) : undefined,
      filter.audienceType ? eq(sysNotice.audienceType, filter.audienceType) : undefined,
      filter.isPublic === undefined ? undefined : eq(sysNotice.isPublic, filter.isPublic),
      filter.beginTime ? gte(sysNotice.createTime, filter.beginTime) : undefined,
      filter.endTime ? lte(sysNotice.createTime, filter.endTime) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysNotice).where(where).orderBy(desc(sysNotice.createTime), desc(sysNotice.id)).limit(limit).offset(offset),
      () => total(ex.select({ n: count() }).from(sysNotice).where(where)),
    );
  },

  async insert(ex: Executor, values: NoticeValues, actor: Actor): Promise<NoticeRow> {
    const [row] = await ex
      .insert(sysNotice)
      .values({ ...values, ...createdBy(actor) })
      .returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, values: Partial<NoticeValues>, actor: Actor) =>
    updateVersioned(ex, sysNotice, id, lockVersion, values, actor, '通知'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysNotice, id, lockVersion, actor, '通知'),

  /** The chosen roles, organisations and users of notices, as stored. */
  audienceRows: (ex: Executor, noticeIds: number[]) =>
    noticeIds.length ? ex.select().from(sysNoticeAudience).where(inArray(sysNoticeAudience.noticeId, noticeIds)) : Promise.resolve([]),

  async audienceOf(ex: Executor, noticeId: number): Promise<AudienceIds> {
    const rows = await noticeRepo.audienceRows(ex, [noticeId]);
    const ids = (type: TargetType) => rows.filter((r) => r.targetType === type).map((r) => r.targetId);
    return { roleIds: ids(TARGET.ROLE), orgIds: ids(TARGET.ORG), userIds: ids(TARGET.USER) };
  },

  /** Replaces a notice's audience (none for ALL). */
  async replaceAudience(ex: Executor, noticeId: number, audience: AudienceIds | null): Promise<void> {
    await ex.delete(sysNoticeAudience).where(eq(sysNoticeAudience.noticeId, noticeId));
    if (!audience) return;
    const rows = [
      ...[...new Set(audience.roleIds)].map((targetId) => ({ noticeId, targetType: TARGET.ROLE, targetId })),
      ...[...new Set(audience.orgIds)].map((targetId) => ({ noticeId, targetType: TARGET.ORG, targetId })),
      ...[...new Set(audience.userIds)].map((targetId) => ({ noticeId, targetType: TARGET.USER, targetId })),
    ];
    if (rows.length) await ex.insert(sysNoticeAudience).values(rows);
  },

  /** Delivered and read counts of notices, by id. */
  async countsOf(ex: Executor, ids: number[]): Promise<Map<number, { deliveredCount: number; readCount: number }>> {
    if (!ids.length) return new Map();
    const rows = await ex
      .select({ id: sysNoticeReceiver.noticeId, delivered: count(), read: count(sysNoticeReceiver.readTime) })
      .from(sysNoticeReceiver)
      .where(inArray(sysNoticeReceiver.noticeId, ids))
      .groupBy(sysNoticeReceiver.noticeId);
    return new Map(rows.map((r) => [r.id, { deliveredCount: Number(r.delivered), readCount: Number(r.read) }]));
  },

  /** Everyone reads a notice released again afresh. */
  async markAllUnread(ex: Executor, noticeId: number): Promise<void> {
    await ex.update(sysNoticeReceiver).set({ readTime: null }).where(eq(sysNoticeReceiver.noticeId, noticeId));
  },

  /*
   * Delivery puts a released notice into its audience's inboxes. The primary key (notice, user) and
   * ON CONFLICT DO NOTHING make every delivery idempotent: releasing, syncing twice or syncing after
   * the audience changed never gives anyone a second copy.
   */

  /** Delivers one notice to every reachable user of its audience who lacks it, in one statement; answers how many got it now. */
  async deliverToAudience(ex: Executor, noticeId: number, now: Date): Promise<number> {
    const result = await ex.execute(sql`
      insert into ${sysNoticeReceiver} (notice_id, user_id, deliver_time)
      select ${sysNotice.id}, ${liveUsers.userId}, ${stamp(now)} from ${sysNotice}, ${liveUsers}
      where ${sysNotice.id} = ${noticeId} and ${noticeDeliverable(now)} and ${reachableMember()}
      on conflict do nothing
      returning user_id`);
    return rowsOf(result).length;
  },

  /**
   * Takes a notice back from the unread inboxes of users no longer in its audience (a role taken
   * away, a move to another organisation). Read copies stay: they record who read it while it was theirs.
   */
  async withdrawFromNonMembers(ex: Executor, noticeId: number): Promise<number> {
    const result = await ex.execute(sql`
      delete from ${sysNoticeReceiver} r using ${sysNotice}
      where r.notice_id = ${sysNotice.id} and ${sysNotice.id} = ${noticeId} and r.read_time is null
        and not exists (select 1 from ${liveUsers} where ${liveUsers.userId} = r.user_id and ${reachableMember()})
      returning r.user_id`);
    return rowsOf(result).length;
  },
};

/** What a reader sees of a notice in a list. */
const readerColumns = {
  noticeId: sysNotice.id,
  title: sysNotice.title,
  summary: sysNotice.summary,
  priority: sysNotice.priority,
  publishTime: sysNotice.publishTime,
  expireTime: sysNotice.expireTime,
  releaseBy: sysNotice.releaseBy,
  attachmentIds: sysNotice.attachmentIds,
  readTime: sysNoticeReceiver.readTime,
};
/** Public notices, as the portal lists them. */
const publicColumns = { noticeId: sysNotice.id, title: sysNotice.title, summary: sysNotice.summary, priority: sysNotice.priority, publishTime: sysNotice.publishTime };

/** The user's copies of `ids`. */
const copiesOf = (userId: number, ids: number[]): SQL => and(eq(sysNoticeReceiver.userId, userId), inArray(sysNoticeReceiver.noticeId, ids))!;
const publicLive = (now: Date, ...more: Array<SQL | undefined>) => and(noticeLive(now), eq(sysNotice.isPublic, true), ...more);

/** A user's inbox (their copies, with read state) and the portal's public notices. */
export const inboxRepo = {
  /** The notices the user may see at `now` (live, the user in their audience), among `among` when given. */
  async visibleIds(ex: Executor, userId: number, now: Date, among?: number[]): Promise<number[]> {
    const rows = await ex
      .select({ id: sysNotice.id })
      .from(sysNotice)
      .where(and(noticeLive(now), inAudience(userId, orgOfUser(userId)), among ? inArray(sysNotice.id, among) : undefined));
    return rows.map((r) => r.id);
  },

  /** Gives the user a copy of each of `ids` they lack; ON CONFLICT keeps a race with a sync from making a second one. */
  async deliverMissing(ex: Executor, userId: number, ids: number[], now: Date): Promise<void> {
    const have = new Set((await ex.select({ id: sysNoticeReceiver.noticeId }).from(sysNoticeReceiver).where(copiesOf(userId, ids))).map((r) => r.id));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length) await ex.insert(sysNoticeReceiver).values(missing.map((noticeId) => ({ noticeId, userId, deliverTime: now }))).onConflictDoNothing();
  },

  page(ex: Executor, userId: number, ids: number[], filter: InboxFilter, page: PageParameter) {
    const where = and(
      copiesOf(userId, ids),
      filter.title ? containing(sysNotice.title, filter.title) : undefined,
      filter.priority ? eq(sysNotice.priority, filter.priority) : undefined,
      readState(sysNoticeReceiver.readTime, filter.readFlag),
    );
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select(readerColumns)
          .from(sysNoticeReceiver)
          .innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId))
          .where(where)
          .orderBy(...newestPublished)
          .limit(limit)
          .offset(offset),
      () => total(ex.select({ n: count() }).from(sysNoticeReceiver).innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId)).where(where)),
    );
  },

  /** The newest unread of the user's copies of `ids`. */
  newestUnread: (ex: Executor, userId: number, ids: number[], limit: number) =>
    ex
      .select(readerColumns)
      .from(sysNoticeReceiver)
      .innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId))
      .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime)))
      .orderBy(...newestPublished)
      .limit(limit),

  countUnread: (ex: Executor, userId: number, ids: number[]) =>
    total(
      ex
        .select({ n: count() })
        .from(sysNoticeReceiver)
        .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime))),
    ),

  /** The user's copy of one notice with its body. */
  async openCopy(ex: Executor, userId: number, noticeId: number) {
    const [found] = await ex
      .select({ ...readerColumns, content: sysNotice.content })
      .from(sysNoticeReceiver)
      .innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId))
      .where(copiesOf(userId, [noticeId]))
      .limit(1);
    return found;
  },

  /** Marks the user's unread copies of `ids` read; answers how many changed. */
  async markRead(ex: Executor, userId: number, ids: number[], now: Date): Promise<number> {
    const rows = await ex
      .update(sysNoticeReceiver)
      .set({ readTime: now })
      .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime)))
      .returning({ id: sysNoticeReceiver.noticeId });
    return rows.length;
  },

  publicPage(ex: Executor, filter: { title?: string }, page: PageParameter, now: Date) {
    const where = publicLive(now, filter.title ? containing(sysNotice.title, filter.title) : undefined);
    return paginate(
      page,
      (limit, offset) => ex.select(publicColumns).from(sysNotice).where(where).orderBy(...newestPublished).limit(limit).offset(offset),
      () => total(ex.select({ n: count() }).from(sysNotice).where(where)),
    );
  },

  async publicOne(ex: Executor, noticeId: number, now: Date): Promise<NoticeRow | undefined> {
    const [row] = await ex.select().from(sysNotice).where(publicLive(now, eq(sysNotice.id, noticeId))).limit(1);
    return row;
  },
};

/** The readers of a notice, joined to the live users' view (names) and organisations (their names). */
const receiptColumns = {
  userId: liveUsers.userId,
  username: liveUsers.username,
  realname: liveUsers.realname,
  orgName: liveOrgs.orgName,
  deliverTime: sysNoticeReceiver.deliverTime,
  readTime: sysNoticeReceiver.readTime,
};
export type ReceiptRow = { userId: number; username: string; realname: string | null; orgName: string | null; deliverTime: Date; readTime: Date | null };

const receiptCondition = (noticeId: number, filter: ReceiptFilter): SQL =>
  and(
    eq(sysNoticeReceiver.noticeId, noticeId),
    readState(sysNoticeReceiver.readTime, filter.readFlag),
    filter.keyword
      ? or(containing(liveUsers.username, filter.keyword), containing(liveUsers.realname, filter.keyword), containing(liveOrgs.orgName, filter.keyword))
      : undefined,
  )!;

/** Read receipts: a notice's copies of users that still exist. */
export const receiptRepo = {
  /** Delivered and read copies of users that still exist. */
  async counts(ex: Executor, noticeId: number): Promise<{ delivered: number; read: number }> {
    const [row] = await ex
      .select({ delivered: count(), read: count(sysNoticeReceiver.readTime) })
      .from(sysNoticeReceiver)
      .innerJoin(liveUsers, eq(liveUsers.userId, sysNoticeReceiver.userId))
      .where(eq(sysNoticeReceiver.noticeId, noticeId));
    return { delivered: Number(row?.delivered ?? 0), read: Number(row?.read ?? 0) };
  },

  /** Unread first (the people to chase), then the most recent readers; at most `limit` from `offset`. */
  list(ex: Executor, noticeId: number, filter: ReceiptFilter, limit: number, offset = 0): Promise<ReceiptRow[]> {
    return ex
      .select(receiptColumns)
      .from(sysNoticeReceiver)
      .innerJoin(liveUsers, eq(liveUsers.userId, sysNoticeReceiver.userId))
      .leftJoin(liveOrgs, eq(liveOrgs.orgId, liveUsers.orgId))
      .where(receiptCondition(noticeId, filter))
      .orderBy(sql`${sysNoticeReceiver.readTime} is not null`, desc(sysNoticeReceiver.readTime), asc(liveUsers.username))
      .limit(limit)
      .offset(offset);
  },

  count: (ex: Executor, noticeId: number, filter: ReceiptFilter) =>
    total(
      ex
        .select({ n: count() })
        .from(sysNoticeReceiver)
        .innerJoin(liveUsers, eq(liveUsers.userId, sysNoticeReceiver.userId))
        .leftJoin(liveOrgs, eq(liveOrgs.orgId, liveUsers.orgId))
        .where(receiptCondition(noticeId, filter)),
    ),
};
