import { and, count, desc, eq, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import type { NoticeAudience, NoticePriority, NoticeStatus, PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { Principal } from '../../../core/permissions';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService } from '../../file/service';
import type { Directory } from '../directory';
import { TARGET } from './audience';
import { cleanNoticeContent, filesOfNotice, NOTICE_FILE_BIZ, summaryOf } from './content';
import { deliverToAudience, withdrawFromNonMembers } from './delivery';
import { sysNotice, sysNoticeAudience, sysNoticeReceiver } from './schema';
import { likePattern } from '../../../core/sql';

export const NOTICE_MODULE = 'message:notice';
export type NoticeRow = typeof sysNotice.$inferSelect;

export interface NoticeInput {
  title: string;
  content: string;
  priority: NoticePriority;
  audienceType: NoticeAudience;
  roleIds: number[];
  orgIds: number[];
  userIds: number[];
  includeSubOrgs: boolean;
  isPublic: boolean;
  publishTime?: Date | null;
  expireTime?: Date | null;
  attachmentIds: number[];
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


export const presentNotice = (row: NoticeRow) => {
  const { id, delFlag: _d, createById: _c, updateById: _u, ...rest } = row;
  return { noticeId: id, ...rest };
};

/** Delivered and read counts of notices, by id. */
async function countsOf(ex: Executor, ids: number[]): Promise<Map<number, { deliveredCount: number; readCount: number }>> {
  if (!ids.length) return new Map();
  const rows = await ex
    .select({ id: sysNoticeReceiver.noticeId, delivered: count(), read: count(sysNoticeReceiver.readTime) })
    .from(sysNoticeReceiver)
    .where(inArray(sysNoticeReceiver.noticeId, ids))
    .groupBy(sysNoticeReceiver.noticeId);
  return new Map(rows.map((r) => [r.id, { deliveredCount: Number(r.delivered), readCount: Number(r.read) }]));
}

/**
 * Notices as administrators keep them (spec §7 /rest/noticeService/*, §4 released, revoked): drafts
 * are written and changed, released to their audience (delivered into inboxes in the same
 * transaction), revoked, synced and deleted. Every change leaves an operation-log row.
 */
export function createNoticeService({ db, files, directory }: { db: Executor; files: FileService; directory: Directory }) {
  async function findLive(ex: Executor, id: number): Promise<NoticeRow> {
    const [row] = await ex.select().from(sysNotice).where(and(eq(sysNotice.id, id), notDeleted(sysNotice))).limit(1);
    if (!row) throw errors.notFound('通知');
    return row;
  }

  /** The chosen roles, organisations and users, each checked to exist. */
  async function checkAudience(input: NoticeInput) {
    if (input.audienceType === 'ALL') return;
    if (!input.roleIds.length && !input.orgIds.length && !input.userIds.length) throw errors.badRequest('请选择通知对象：角色、机构或用户');
    const missing = async (ids: number[], names: (ids: number[]) => Promise<Map<number, string>>) => (await names(ids)).size !== new Set(ids).size;
    if (await missing(input.roleIds, directory.roleNames)) throw errors.badRequest('部分角色不存在或已被删除');
    if (await missing(input.orgIds, directory.orgNames)) throw errors.badRequest('部分机构不存在或已被删除');
    if (await missing(input.userIds, directory.userNames)) throw errors.badRequest('部分用户不存在或已被删除');
  }

  function checkTimes(input: Pick<NoticeInput, 'publishTime' | 'expireTime'>) {
    if (input.publishTime && input.expireTime && input.expireTime <= input.publishTime) throw errors.badRequest('失效时间必须晚于发布时间');
  }

  /** Values of the notice row itself, checked and cleaned. */
  async function valuesOf(input: NoticeInput) {
    if (input.isPublic && input.audienceType !== 'ALL') throw errors.badRequest('只有面向全体用户的通知可以公开到门户');
    checkTimes(input);
    await checkAudience(input);
    const content = cleanNoticeContent(input.content);
    return {
      title: input.title,
      content,
      summary: summaryOf(content),
      priority: input.priority,
      audienceType: input.audienceType,
      includeSubOrgs: input.includeSubOrgs,
      isPublic: input.isPublic,
      publishTime: input.publishTime ?? null,
      expireTime: input.expireTime ?? null,
      attachmentIds: [...new Set(input.attachmentIds)].map(String),
    };
  }

  async function replaceAudience(tx: Executor, noticeId: number, input: NoticeInput) {
    await tx.delete(sysNoticeAudience).where(eq(sysNoticeAudience.noticeId, noticeId));
    if (input.audienceType === 'ALL') return;
    const rows = [
      ...[...new Set(input.roleIds)].map((targetId) => ({ noticeId, targetType: TARGET.ROLE, targetId })),
      ...[...new Set(input.orgIds)].map((targetId) => ({ noticeId, targetType: TARGET.ORG, targetId })),
      ...[...new Set(input.userIds)].map((targetId) => ({ noticeId, targetType: TARGET.USER, targetId })),
    ];
    if (rows.length) await tx.insert(sysNoticeAudience).values(rows);
  }

  /** Attaches the files the notice newly shows; files it already held stay as they are. */
  async function attachNewFiles(tx: Executor, row: NoticeRow, before: NoticeRow | null, actor: Actor) {
    const had = new Set(before ? filesOfNotice(before.attachmentIds, before.content) : []);
    const fresh = filesOfNotice(row.attachmentIds, row.content).filter((id) => !had.has(id));
    await files.attach(tx, { fileIds: fresh, bizType: NOTICE_FILE_BIZ, bizId: String(row.id) }, actor);
  }

  async function audienceOf(ex: Executor, noticeId: number) {
    const rows = await ex.select().from(sysNoticeAudience).where(eq(sysNoticeAudience.noticeId, noticeId));
    const ids = (type: string) => rows.filter((r) => r.targetType === type).map((r) => r.targetId);
    return { roleIds: ids(TARGET.ROLE), orgIds: ids(TARGET.ORG), userIds: ids(TARGET.USER) };
  }

  /** Release: the publish time defaults to now, expired notices cannot go out, the audience receives it at once. */
  async function release(tx: Executor, before: NoticeRow, lockVersion: number, change: ChangeContext) {
    const now = new Date();
    if (before.expireTime && before.expireTime <= now) throw errors.badRequest('失效时间已过，不能发布，请修改失效时间');
    const row = await updateVersioned(
      tx,
      sysNotice,
      before.id,
      lockVersion,
      { status: 'RELEASED', publishTime: before.publishTime ?? now, releaseTime: now, releaseBy: change.actor.name, revokeTime: null, revokeBy: null },
      change.actor,
      '通知',
    );
    // Released again after a revocation: everyone reads the (possibly corrected) notice afresh.
    if (before.status === 'REVOKED') await tx.update(sysNoticeReceiver).set({ readTime: null }).where(eq(sysNoticeReceiver.noticeId, row.id));
    const delivered = await deliverToAudience(tx, row.id, now);
    // Public notices' files are readable by anyone once the notice is out (see docs/messaging.md).
    await files.setRecordVisibility(tx, { bizType: NOTICE_FILE_BIZ, bizId: String(row.id) }, row.isPublic && row.publishTime! <= now ? 'PUBLIC' : 'PRIVATE');
    await recordOperation(tx, {
      module: NOTICE_MODULE,
      action: 'RELEASE',
      entityId: row.id,
      summary: `发布通知「${row.title}」，投递 ${delivered} 人`,
      before: presentNotice(before),
      after: presentNotice(row),
      ...change,
    });
    return row;
  }

  async function save(id: number | null, lockVersion: number | null, input: NoticeInput, andRelease: boolean, change: ChangeContext) {
    const values = await valuesOf(input);
    return withTransaction(db, async (tx) => {
      let before: NoticeRow | null = null;
      let row: NoticeRow;
      if (id === null) {
        [row] = (await tx.insert(sysNotice).values({ ...values, status: 'DRAFT', ...createdBy(change.actor) }).returning()) as [NoticeRow];
      } else {
        before = await findLive(tx, id);
        if (before.status === 'RELEASED') throw errors.conflict('已发布的通知不能修改，请先撤回');
        row = await updateVersioned(tx, sysNotice, id, lockVersion!, values, change.actor, '通知');
      }
      await replaceAudience(tx, row.id, input);
      await attachNewFiles(tx, row, before, change.actor);
      const audience = { roleIds: input.roleIds, orgIds: input.orgIds, userIds: input.userIds };
      await recordOperation(tx, {
        module: NOTICE_MODULE,
        action: before ? 'UPDATE' : 'CREATE',
        entityId: row.id,
        summary: `${before ? '修改' : '新增'}通知「${row.title}」`,
        before: before ? { ...presentNotice(before), ...(await audienceOf(tx, before.id)) } : undefined,
        after: { ...presentNotice(row), ...audience },
        ...change,
      });
      if (andRelease) row = await release(tx, row, row.lockVersion, change);
      return presentNotice(row);
    });
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await softDelete(tx, sysNotice, id, lockVersion, change.actor, '通知');
    await files.setRecordVisibility(tx, { bizType: NOTICE_FILE_BIZ, bizId: String(id) }, 'PRIVATE');
    await recordOperation(tx, { module: NOTICE_MODULE, action: 'DELETE', entityId: id, summary: `删除通知「${before.title}」`, before: presentNotice(before), after: presentNotice(after), ...change });
  }

  return {
    async page(filter: NoticeFilter, page: PageParameter) {
      const where: SQL | undefined = and(
        notDeleted(sysNotice),
        filter.title ? ilike(sysNotice.title, likePattern(filter.title)) : undefined,
        filter.status ? eq(sysNotice.status, filter.status) : undefined,
        filter.priority ? eq(sysNotice.priority, filter.priority) : undefined,
        filter.audienceType ? eq(sysNotice.audienceType, filter.audienceType) : undefined,
        filter.isPublic === undefined ? undefined : eq(sysNotice.isPublic, filter.isPublic),
        filter.beginTime ? gte(sysNotice.createTime, filter.beginTime) : undefined,
        filter.endTime ? lte(sysNotice.createTime, filter.endTime) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(sysNotice).where(where).orderBy(desc(sysNotice.createTime), desc(sysNotice.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysNotice).where(where))[0]!.n,
      );
      const ids = result.list.map((r) => r.id);
      const counts = await countsOf(db, ids);
      const targets = ids.length ? await db.select().from(sysNoticeAudience).where(inArray(sysNoticeAudience.noticeId, ids)) : [];
      const [roles, orgs, users] = await Promise.all([
        directory.roleNames(targets.filter((t) => t.targetType === TARGET.ROLE).map((t) => t.targetId)),
        directory.orgNames(targets.filter((t) => t.targetType === TARGET.ORG).map((t) => t.targetId)),
        directory.userNames(targets.filter((t) => t.targetType === TARGET.USER).map((t) => t.targetId)),
      ]);
      const nameOf = (t: (typeof targets)[number]) => (t.targetType === TARGET.ROLE ? roles : t.targetType === TARGET.ORG ? orgs : users).get(t.targetId);
      return {
        ...result,
        list: result.list.map((row) => {
          const mine = targets.filter((t) => t.noticeId === row.id);
          const { content: _content, ...listed } = presentNotice(row);
          return {
            ...listed,
            audienceNames: mine.map(nameOf).filter((n): n is string => !!n),
            ...(counts.get(row.id) ?? { deliveredCount: 0, readCount: 0 }),
          };
        }),
      };
    },

    /** The whole notice for the administrator's form: audience with names, attachments, delivery counts. */
    async detail(id: number, principal: Principal) {
      const row = await findLive(db, id);
      const audience = await audienceOf(db, id);
      const [roles, orgs, users] = await Promise.all([directory.roleNames(audience.roleIds), directory.orgNames(audience.orgIds), directory.userNames(audience.userIds)]);
      const named = (ids: number[], names: Map<number, string>) => ids.map((value) => ({ value, label: names.get(value) ?? `已删除（${value}）` }));
      const attachments = await files.details(row.attachmentIds.map(Number), principal);
      return {
        ...presentNotice(row),
        ...audience,
        roles: named(audience.roleIds, roles),
        orgs: named(audience.orgIds, orgs),
        users: named(audience.userIds, users),
        attachments: row.attachmentIds.map((fid) => attachments.find((f) => String(f.fileId) === fid)).filter((f) => !!f),
        ...((await countsOf(db, [id])).get(id) ?? { deliveredCount: 0, readCount: 0 }),
      };
    },

    /** addNotice: a new draft, released at once when asked (and allowed). */
    add: (input: NoticeInput, andRelease: boolean, change: ChangeContext) => save(null, null, input, andRelease, change),

    /** updateNotice: drafts and revoked notices only; a released one must be revoked first. */
    update: (id: number, lockVersion: number, input: NoticeInput, andRelease: boolean, change: ChangeContext) => save(id, lockVersion, input, andRelease, change),

    /** updateStatus: RELEASED (from a draft or a revoked notice) or REVOKED (from a released one). */
    async updateStatus(id: number, lockVersion: number, status: 'RELEASED' | 'REVOKED', change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (status === 'RELEASED') {
          if (before.status === 'RELEASED') throw errors.conflict('通知已发布，无需再次发布');
          return presentNotice(await release(tx, before, lockVersion, change));
        }
        if (before.status !== 'RELEASED') throw errors.conflict('只有已发布的通知可以撤回');
        const row = await updateVersioned(tx, sysNotice, id, lockVersion, { status: 'REVOKED', revokeTime: new Date(), revokeBy: change.actor.name }, change.actor, '通知');
        await files.setRecordVisibility(tx, { bizType: NOTICE_FILE_BIZ, bizId: String(id) }, 'PRIVATE');
        await recordOperation(tx, { module: NOTICE_MODULE, action: 'REVOKE', entityId: id, summary: `撤回通知「${row.title}」`, before: presentNotice(before), after: presentNotice(row), ...change });
        return presentNotice(row);
      });
    },

    /**
     * SyncNoticeByIds: brings the inboxes of released notices in line with their audience as it is
     * now: new members receive them, unread copies of former members are taken back. Idempotent.
     */
    async sync(ids: number[], change: ChangeContext) {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const rows = await tx.select().from(sysNotice).where(and(inArray(sysNotice.id, unique), notDeleted(sysNotice)));
        if (rows.length !== unique.length) throw errors.notFound('部分通知');
        const notReleased = rows.filter((r) => r.status !== 'RELEASED');
        if (notReleased.length) throw errors.conflict(`只有已发布的通知可以同步：${notReleased.map((r) => `「${r.title}」`).join('、')}`);
        const now = new Date();
        let delivered = 0;
        let withdrawn = 0;
        for (const row of rows) {
          const gave = await deliverToAudience(tx, row.id, now);
          const took = await withdrawFromNonMembers(tx, row.id);
          delivered += gave;
          withdrawn += took;
          await recordOperation(tx, {
            module: NOTICE_MODULE,
            action: 'SYNC',
            entityId: row.id,
            summary: `同步通知「${row.title}」：新投递 ${gave} 人，收回 ${took} 人`,
            after: { delivered: gave, withdrawn: took },
            ...change,
          });
        }
        return { notices: rows.length, delivered, withdrawn };
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change));
    },

    /** All or nothing: one missing notice refuses the batch. */
    async removeMany(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const found = await tx.select({ id: sysNotice.id }).from(sysNotice).where(and(inArray(sysNotice.id, unique), notDeleted(sysNotice)));
        if (found.length !== unique.length) throw errors.notFound('部分通知');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      });
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;

