import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { actorOf, FINAL_STATUSES, type DeclarationContext, type DeclarationDeps, type Viewer } from './context';
import { declarationRepo } from './repo';
import { moveDeclaration } from './transition';

/** Returned declarations wait for the applicant: withdrawing them takes nobody's decision. */
const RETURNED: readonly DeclarationStatus[] = ['UNIT_RETURNED', 'NOMINATOR_RETURNED', 'FORMAL_RETURNED'];

/**
 * Withdrawal (DOMAIN.md): immediate while the level after the applicant has not acted since the last
 * submission; otherwise a request the level holding the declaration approves or refuses.
 */
export function createRevocationService(deps: DeclarationDeps, ctx: DeclarationContext) {
  const { db, events } = deps;

  return {
    submit: (viewer: Viewer, id: number, reason: string) =>
      withTransaction(db, async (tx) => {
        const row = await ctx.owned(tx, viewer, id, true);
        if (row.status === 'DRAFT') throw errors.conflict('草稿请直接删除');
        if (FINAL_STATUSES.includes(row.status)) throw errors.conflict(`申报书已「${ctx.stepOf(row)}」，不能撤回`);
        if (row.revocation?.status === 'PENDING') throw errors.conflict('撤回申请正在处理中，请勿重复提交');
        const last = await declarationRepo.lastStep(tx, row.id);
        const untouched = !!last && (last.action === 'SUBMIT' || last.action === 'RESUBMIT') && last.toStatus === row.status;
        const immediate = untouched || RETURNED.includes(row.status);
        const after = immediate
          ? await moveDeclaration(tx, events, row, row.lockVersion, { action: 'WITHDRAW', to: 'WITHDRAWN', opinion: reason, set: { revocation: null, fixDeadline: null } }, actorOf(viewer), viewer.name)
          : await moveDeclaration(
              tx,
              events,
              row,
              row.lockVersion,
              {
                action: 'REQUEST_REVOCATION',
                to: row.status,
                opinion: reason,
                set: { revocation: { status: 'PENDING', reason, opinion: null, requestTime: new Date().toISOString(), heldAt: row.status } },
              },
              actorOf(viewer),
              viewer.name,
            );
        await ctx.log(tx, viewer, 'UPDATE', after, `${immediate ? '撤回申报' : '申请撤回'}「${row.title ?? ''}」`, ctx.brief(row), ctx.brief(after));
        return { immediate, declaration: await ctx.presentDetail(tx, viewer, after) };
      }),

    decide: (viewer: Viewer, id: number, lockVersion: number, approve: boolean, opinion: string | null | undefined) =>
      withTransaction(db, async (tx) => {
        const row = await ctx.readable(tx, viewer, id, true);
        if (row.revocation?.status !== 'PENDING') throw errors.conflict('该申报书没有待处理的撤回申请');
        if (!(await ctx.decidesRevocation(tx, viewer, row))) throw errors.forbidden('撤回申请由申报书当前所在的审核环节办理');
        const text = opinion?.trim() || null;
        if (!approve && !text) throw errors.badRequest('请填写不同意撤回的理由', { field: 'opinion' });
        const after = approve
          ? await moveDeclaration(tx, events, row, lockVersion, { action: 'APPROVE_REVOCATION', to: 'WITHDRAWN', opinion: text, keepAsNote: true, set: { revocation: null, fixDeadline: null } }, actorOf(viewer), viewer.name)
          : await moveDeclaration(
              tx,
              events,
              row,
              lockVersion,
              { action: 'REFUSE_REVOCATION', to: row.status, opinion: text, keepAsNote: true, set: { revocation: { ...row.revocation, status: 'REFUSED', opinion: text } } },
              actorOf(viewer),
              viewer.name,
            );
        await ctx.log(tx, viewer, 'UPDATE', after, `${approve ? '同意' : '不同意'}撤回「${row.title ?? ''}」`, ctx.brief(row), ctx.brief(after));
        return ctx.presentDetail(tx, viewer, after);
      }),
  };
}
export type RevocationService = ReturnType<typeof createRevocationService>;
