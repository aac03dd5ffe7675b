import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { ComplaintStatus, complaintCalls } from '@dandelion/shared/cms/complaint';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { complaintRepo, type ComplaintFilter, type ComplaintRow } from './repo';

export const COMPLAINT_MODULE = 'cms:complaint';

export type ComplaintInput = Omit<ServerBody<typeof complaintCalls.submit>, 'captchaKey' | 'captchaCode'>;

/** Sends an in-site message inside the caller's transaction (the message module answers). */
export type SendMessage = (ex: Executor, message: { userIds: number[]; title: string; body: string; category: 'SYSTEM'; sender: Actor }) => Promise<unknown>;
/** The online site a portal call names (or the default site); null when there is none. */
export type SiteIdOf = (siteCode?: string) => Promise<number | null>;

export const presentComplaint = (row: ComplaintRow) => {
  const { id, ...rest } = row;
  return { complaintId: id, ...rest, status: rest.status as ComplaintStatus };
};

/**
 * Complaints and suggestions (spec §7 `/rest/complain/*`): sent anonymously from the portal,
 * answered, closed or deleted in the console. Every console change is logged with before/after.
 */
export function createComplaintService({ db, sendMessage, siteIdOf }: { db: Db; sendMessage: SendMessage; siteIdOf: SiteIdOf }) {
  async function findLive(ex: Executor, id: number): Promise<ComplaintRow> {
    const row = await complaintRepo.findLive(ex, id);
    if (!row) throw errors.notFound('投诉建议');
    return row;
  }

  const log = (tx: Executor, change: ChangeContext, action: string, id: number, summary: string, before: ComplaintRow, after: ComplaintRow) =>
    recordOperation(tx, { module: COMPLAINT_MODULE, action, entityId: id, summary, before: presentComplaint(before), after: presentComplaint(after), ...change });

  return {
    /** A portal submission (the captcha is already checked). */
    async submit(input: ComplaintInput, from: { ip: string; userId: number | null }) {
      const siteId = await siteIdOf(input.siteCode);
      if (!siteId) throw errors.notFound('站点');
      const { siteCode: _s, ...fields } = input;
      return withTransaction(db, async (tx) => {
        const row = await complaintRepo.insert(tx, { ...fields, siteId, userId: from.userId, ip: from.ip });
        await recordOperation(tx, { module: COMPLAINT_MODULE, action: 'CREATE', entityId: row.id, summary: `收到投诉建议「${row.title}」`, after: presentComplaint(row), actor: null, ip: from.ip });
        return { complaintId: row.id };
      });
    },

    async page(filter: ComplaintFilter, page: PageParameter) {
      const result = await complaintRepo.page(db, filter, page);
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
        const row = await complaintRepo.update(tx, id, lockVersion, { status: 'REPLIED', reply, replyTime: new Date(), replyBy: change.actor.name }, change.actor);
        await log(tx, change, 'REPLY', id, `回复投诉建议「${row.title}」`, before, row);
        if (row.userId) {
          await sendMessage(tx, { userIds: [row.userId], title: `您的投诉建议「${row.title.slice(0, 60)}」已回复`, body: reply, category: 'SYSTEM', sender: change.actor });
        }
        return presentComplaint(row);
      });
    },

    async close(id: number, lockVersion: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.status === 'CLOSED') throw errors.conflict('该投诉建议已关闭');
        const row = await complaintRepo.update(tx, id, lockVersion, { status: 'CLOSED' }, change.actor);
        await log(tx, change, 'CLOSE', id, `关闭投诉建议「${row.title}」`, before, row);
        return presentComplaint(row);
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await complaintRepo.softDelete(tx, id, lockVersion, change.actor);
        await log(tx, change, 'DELETE', id, `删除投诉建议「${before.title}」`, before, row);
      });
    },
  };
}
export type ComplaintService = ReturnType<typeof createComplaintService>;
