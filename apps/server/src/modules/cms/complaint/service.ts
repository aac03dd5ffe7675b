import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ComplaintStatus, PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { timeWithin } from '../../../core/listing';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { MessageService } from '../../message/module';
import { cmsComplaint } from './schema';
import { likePattern } from '../../../core/sql';

export const COMPLAINT_MODULE = 'cms:complaint';
export type ComplaintRow = typeof cmsComplaint.$inferSelect;

export interface ComplaintInput {
  title: string;
  content: string;
  complainantName: string;
  contact: string;
  email: string | null;
}

export interface ComplaintFilter {
  status?: ComplaintStatus;
  keyword?: string;
  beginTime?: Date;
  endTime?: Date;
}


export const presentComplaint = (row: ComplaintRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { complaintId: id, ...rest };
};

/**
 * Complaints and suggestions (spec §7 `/rest/complain/*`): sent anonymously from the portal,
 * answered, closed or deleted in the console. Every console change is logged with before/after.
 */
export function createComplaintService({ db, messages, siteIdOf }: { db: Db; messages: MessageService; siteIdOf: (siteCode?: string) => Promise<number | null> }) {
  async function findLive(ex: Executor, id: number): Promise<ComplaintRow> {
    const [row] = await ex.select().from(cmsComplaint).where(and(eq(cmsComplaint.id, id), notDeleted(cmsComplaint))).limit(1);
    if (!row) throw errors.notFound('投诉建议');
    return row;
  }

  return {
    /** A portal submission (the captcha is already checked). */
    async submit(input: ComplaintInput & { siteCode?: string }, from: { ip: string; userId: number | null }) {
      const siteId = await siteIdOf(input.siteCode);
      if (!siteId) throw errors.notFound('站点');
      const { siteCode: _s, ...fields } = input;
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(cmsComplaint)
          .values({ ...fields, siteId, userId: from.userId, ip: from.ip, status: 'PENDING', ...createdBy(null) })
          .returning();
        await recordOperation(tx, {
          module: COMPLAINT_MODULE,
          action: 'CREATE',
          entityId: row!.id,
          summary: `收到投诉建议「${row!.title}」`,
          after: presentComplaint(row!),
          actor: null,
          ip: from.ip,
        });
        return { complaintId: row!.id };
      });
    },

    async page(filter: ComplaintFilter, page: PageParameter) {
      const keyword = filter.keyword ? likePattern(filter.keyword) : null;
      const where: SQL | undefined = and(
        notDeleted(cmsComplaint),
        filter.status ? eq(cmsComplaint.status, filter.status) : undefined,
        keyword
          ? or(ilike(cmsComplaint.title, keyword), ilike(cmsComplaint.content, keyword), ilike(cmsComplaint.complainantName, keyword), ilike(cmsComplaint.contact, keyword))
          : undefined,
        timeWithin(cmsComplaint.createTime, filter),
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(cmsComplaint).where(where).orderBy(desc(cmsComplaint.createTime), desc(cmsComplaint.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(cmsComplaint).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(presentComplaint) };
    },

    async detail(id: number) {
      return presentComplaint(await findLive(db, id));
    },

    /** Answers (or answers again) an open complaint; the sender, if signed in, gets an in-site message. */
    async reply(id: number, lockVersion: number, reply: string, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.status === 'CLOSED') throw errors.conflict('该投诉建议已关闭，不能再回复');
        const row = await updateVersioned(
          tx,
          cmsComplaint,
          id,
          lockVersion,
          { status: 'REPLIED', reply, replyTime: new Date(), replyBy: change.actor.name },
          change.actor,
          '投诉建议',
        );
        await recordOperation(tx, { module: COMPLAINT_MODULE, action: 'REPLY', entityId: id, summary: `回复投诉建议「${row.title}」`, before: presentComplaint(before), after: presentComplaint(row), ...change });
        if (row.userId) {
          await messages.send(tx, { userIds: [row.userId], title: `您的投诉建议「${row.title.slice(0, 60)}」已回复`, body: reply, category: 'SYSTEM', sender: change.actor });
        }
        return presentComplaint(row);
      });
    },

    async close(id: number, lockVersion: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.status === 'CLOSED') throw errors.conflict('该投诉建议已关闭');
        const row = await updateVersioned(tx, cmsComplaint, id, lockVersion, { status: 'CLOSED' }, change.actor, '投诉建议');
        await recordOperation(tx, { module: COMPLAINT_MODULE, action: 'CLOSE', entityId: id, summary: `关闭投诉建议「${row.title}」`, before: presentComplaint(before), after: presentComplaint(row), ...change });
        return presentComplaint(row);
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await softDelete(tx, cmsComplaint, id, lockVersion, change.actor, '投诉建议');
        await recordOperation(tx, { module: COMPLAINT_MODULE, action: 'DELETE', entityId: id, summary: `删除投诉建议「${before.title}」`, before: presentComplaint(before), after: presentComplaint(row), ...change });
      });
    },
  };
}
export type ComplaintService = ReturnType<typeof createComplaintService>;
