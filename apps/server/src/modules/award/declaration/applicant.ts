import type { PageParameter } from '@dandelion/shared';
import { DECLARATION_STEP_LABELS, statusAfterSubmit, type DeclarationProblem, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { DECLARATION_SECTIONS, DECLARATION_SECTION_LABELS } from '@dandelion/shared/award/prize';
import type { DeclarationContent, SectionSave } from '@dandelion/shared/award/declarationContent';
import { isEmail, isMobileStrict } from '@dandelion/shared/validators';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { eligibilityProblems, formProblems } from './check';
import { actorOf, DECLARATION_FILE_BIZ, REGISTRATION_NO_RULE, type DeclarationContext, type DeclarationDeps, type Viewer } from './context';
import { declarationRepo } from './repo';
import { moveDeclaration, type DeclarationRow } from './transition';

type SavedSection = { [K in SectionSave['section']]: { section: K; content: NonNullable<DeclarationContent[K]> } }[SectionSave['section']];

const emptyContent = (): DeclarationContent => Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as DeclarationContent;

/** The applicant's calls: start, fill section by section, check, submit, delete a draft, read the history. */
export function createApplicantService(deps: DeclarationDeps, ctx: DeclarationContext) {
  const { db, editions, events, serials } = deps;

  /** Every problem that would stop submission: the form's rules, then the edition's eligibility rules. */
  async function problemsOf(ex: Executor, row: DeclarationRow): Promise<DeclarationProblem[]> {
    const edition = await ctx.editionOf(ex, row.editionId);
    const prize = await ctx.prizeOf(ex, row.prizeId);
    return [...formProblems(row.content, edition, prize), ...(await eligibilityProblems(ex, editions, row, edition))];
  }

  return {
    async mine(viewer: Viewer, status: DeclarationStatus | undefined, page: PageParameter) {
      const result = await declarationRepo.page(db, { applicantId: viewer.change.actor.id, status }, page);
      return { ...result, list: await ctx.presentRows(db, viewer, result.list) };
    },

    add: (viewer: Viewer, editionId: number, prizeId: number) =>
      withTransaction(db, async (tx) => {
        const edition = await editions.find(tx, editionId);
        if (!edition || !edition.published) throw errors.notFound('届次');
        if (!ctx.declaringNow(edition)) throw errors.conflict(`届次「${edition.editionName}」当前不在申报期，不能开始申报`);
        if (!edition.prizeIds.includes(prizeId)) throw errors.badRequest('该届次未开放此奖种', { field: 'prizeId' });
        const prize = await ctx.prizeOf(tx, prizeId);
        if (prize.status !== 'NORMAL') throw errors.conflict(`奖种「${prize.prizeName}」已停用，不能申报`);
        const existing = await declarationRepo.page(tx, { applicantId: viewer.change.actor.id, editionId, prizeId }, { pageNum: 1, pageSize: 5 });
        if (existing.list.some((r) => r.status !== 'WITHDRAWN')) {
          throw errors.conflict(`您在「${edition.editionName}」已有一份「${prize.prizeName}」申报书，请在“我的申报”中继续填写`);
        }
        const profile = await declarationRepo.userProfile(tx, viewer.change.actor.id);
        const content = emptyContent();
        content.BASIC = {
          contactName: profile?.realname ?? null,
          contactPhone: profile?.phone && isMobileStrict(profile.phone) ? profile.phone : null,
          contactEmail: profile?.email && isEmail(profile.email) ? profile.email : null,
        };
        const row = await declarationRepo.insert(tx, { editionId, prizeId, applicantId: viewer.change.actor.id, applicantName: viewer.name, content }, actorOf(viewer));
        // Creating is no move between states: the history's first step only.
        await declarationRepo.insertStep(tx, { declarationId: row.id, action: 'CREATE', fromStatus: null, toStatus: 'DRAFT', actorId: viewer.change.actor.id, actorName: viewer.name });
        await ctx.log(tx, viewer, 'CREATE', row, `开始申报「${prize.prizeName}」（${edition.editionName}）`, null, ctx.brief(row));
        return ctx.presentDetail(tx, viewer, row);
      }),

    detail: async (viewer: Viewer, id: number) => ctx.presentDetail(db, viewer, await ctx.readable(db, viewer, id)),

    saveSection: (viewer: Viewer, id: number, lockVersion: number, save: SavedSection) =>
      withTransaction(db, async (tx) => {
        const row = await ctx.owned(tx, viewer, id);
        if (!ctx.editable(row)) {
          throw errors.conflict(row.status === 'FORMAL_RETURNED' ? `限期修改已于 ${row.fixDeadline} 截止，不能再修改` : '申报书已提交，当前状态不能修改');
        }
        const prize = await ctx.prizeOf(tx, row.prizeId);
        if (save.section !== 'BASIC' && !prize.formConfig.sections.includes(save.section)) {
          throw errors.badRequest(`奖种「${prize.prizeName}」的申报书没有「${DECLARATION_SECTION_LABELS[save.section]}」栏目`, { field: 'section' });
        }
        const content: DeclarationContent = { ...row.content };
        const set: Partial<DeclarationRow> = {};
        switch (save.section) {
          case 'BASIC': {
            const basic = save.content;
            const orgIds = [basic.unitOrgId, basic.nominatorOrgId].filter((v): v is string => !!v).map(Number);
            const live = await declarationRepo.liveOrgIds(tx, orgIds);
            if (basic.unitOrgId && !live.has(Number(basic.unitOrgId))) throw errors.badRequest('申报单位不存在或已被删除', { field: 'unitOrgId' });
            if (basic.nominatorOrgId && !live.has(Number(basic.nominatorOrgId))) throw errors.badRequest('提名单位不存在或已被删除', { field: 'nominatorOrgId' });
            content.BASIC = basic;
            Object.assign(set, {
              title: basic.title || null,
              proposedGrade: basic.proposedGrade ?? null,
              disciplineCode: basic.disciplineCodes?.[0] ?? null,
              secrecy: basic.secrecy ?? null,
              unitOrgId: basic.unitOrgId ? Number(basic.unitOrgId) : null,
              nominatorOrgId: basic.nominatorOrgId ? Number(basic.nominatorOrgId) : null,
            });
            break;
          }
          case 'COMPLETERS': {
            const completers = save.content.completers.map((c) => ({ ...c, idNumber: c.idNumber ? c.idNumber.toUpperCase() : c.idNumber }));
            content.COMPLETERS = { completers };
            await declarationRepo.replaceCompleters(tx, row.id, row.editionId, completers);
            Object.assign(set, { completerCount: completers.length, firstCompleter: completers[0]?.name || null });
            break;
          }
          case 'UNITS': {
            const units = save.content.units.map((u) => ({ ...u, creditCode: u.creditCode ? u.creditCode.toUpperCase() : u.creditCode }));
            content.UNITS = { units };
            await declarationRepo.replaceUnits(tx, row.id, row.editionId, units);
            break;
          }
          case 'ATTACHMENTS': {
            // Only the applicant's own uploads may be attached (400 otherwise); dropped ones are detached.
            const record = { bizType: DECLARATION_FILE_BIZ, bizId: String(row.id) };
            const fileIds = [...new Set(save.content.attachments.map((a) => Number(a.fileId)))];
            const dropped = (row.content.ATTACHMENTS?.attachments ?? []).map((a) => Number(a.fileId)).filter((fileId) => !fileIds.includes(fileId));
            await deps.files.attach(tx, { ...record, fileIds }, actorOf(viewer));
            await deps.files.detach(tx, record, [...new Set(dropped)]);
            content.ATTACHMENTS = save.content;
            break;
          }
          default:
            (content as Record<string, unknown>)[save.section] = save.content;
        }
        const after = await declarationRepo.update(tx, row.id, lockVersion, { ...set, content }, actorOf(viewer));
        await ctx.log(tx, viewer, 'UPDATE', after, `保存申报书「${DECLARATION_SECTION_LABELS[save.section]}」栏目`, null, { section: save.section, lockVersion: after.lockVersion });
        return { lockVersion: after.lockVersion, updateTime: after.updateTime };
      }),

    remove: (viewer: Viewer, id: number, lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const row = await ctx.owned(tx, viewer, id);
        if (row.status !== 'DRAFT' || row.firstSubmitTime) throw errors.conflict('已提交过的申报书不能删除，如需放弃请撤回');
        const after = await declarationRepo.softDelete(tx, id, lockVersion, actorOf(viewer));
        await ctx.log(tx, viewer, 'DELETE', after, `删除申报书草稿${row.title ? `「${row.title}」` : ''}`, ctx.brief(row), null);
      }),

    async check(viewer: Viewer, id: number) {
      const row = await ctx.owned(db, viewer, id);
      const problems = await problemsOf(db, row);
      return { ok: problems.length === 0, problems };
    },

    submit: (viewer: Viewer, id: number, lockVersion: number) =>
      withTransaction(db, async (tx: Tx) => {
        const row = await ctx.owned(tx, viewer, id, true);
        if (row.lockVersion !== lockVersion) throw errors.staleVersion();
        if (!ctx.editable(row)) {
          throw errors.conflict(row.status === 'FORMAL_RETURNED' ? `限期修改已于 ${row.fixDeadline} 截止，不能再提交` : '申报书已提交，当前状态不能再次提交');
        }
        const edition = await ctx.editionOf(tx, row.editionId);
        const first = !row.firstSubmitTime;
        if (first && !ctx.declaringNow(edition)) throw errors.conflict(`届次「${edition.editionName}」当前不在申报期，不能提交`);
        const problems = await problemsOf(tx, row);
        if (problems.length) throw errors.badRequest(problems[0]!.message, { problems });
        const now = new Date();
        const returned = row.status !== 'DRAFT';
        const to = statusAfterSubmit(edition, row.status);
        const after = await moveDeclaration(
          tx,
          events,
          row,
          lockVersion,
          {
            action: returned ? 'RESUBMIT' : 'SUBMIT',
            to,
            set: {
              submitTime: now,
              resubmitted: returned,
              fixDeadline: null,
              revocation: null,
              ...(first ? { firstSubmitTime: now, registrationNo: row.registrationNo ?? (await serials.next(REGISTRATION_NO_RULE, tx)) } : {}),
            },
          },
          actorOf(viewer),
          viewer.name,
        );
        await ctx.log(tx, viewer, 'UPDATE', after, `${DECLARATION_STEP_LABELS[returned ? 'RESUBMIT' : 'SUBMIT']}（登记号 ${after.registrationNo}）`, ctx.brief(row), ctx.brief(after));
        return ctx.presentDetail(tx, viewer, after);
      }),

    async history(viewer: Viewer, id: number) {
      const row = await ctx.readable(db, viewer, id);
      const steps = await declarationRepo.steps(db, row.id);
      return Promise.all(steps.map(async (s) => ({
        stepId: s.id,
        action: s.action,
        actionLabel: DECLARATION_STEP_LABELS[s.action],
        fromStatus: s.fromStatus,
        toStatus: s.toStatus,
        opinion: s.opinion,
        reasons: await ctx.reasonNames(db, s.reasons),
        deadline: s.deadline,
        actorName: s.actorName,
        time: s.createTime,
      })));
    },

    orgOptions: (kind: 'UNIT' | 'NOMINATOR', keyword: string | undefined) => declarationRepo.orgOptions(db, kind, keyword),
  };
}
export type ApplicantService = ReturnType<typeof createApplicantService>;
