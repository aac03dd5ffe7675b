import type { PageParameter } from '@dandelion/shared';
import type { ExpertHistoryAction } from '@dandelion/shared/award/expert';
import type { ExpertProfile } from '@dandelion/shared/award/expertProfile';
import type { Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { expertDirectory, type NewExpert } from './directory';
import { assertMay, briefOf, EXPERT_FILE_BIZ, logExpert, moveExpert, presentExpert, storedProfile, type ExpertDeps, type Who } from './context';
import { expertRepo, type ExpertFilter, type ExpertRecord } from './repo';
import { awardExpert } from './tables';

/** The profile's stored values as the directory adds them. */
export const newExpertOf = (values: ReturnType<typeof storedProfile>, extra: Pick<NewExpert, 'status' | 'source' | 'userId'>): NewExpert => ({
  name: values.name!,
  idNumber: values.idNumber,
  gender: values.gender,
  birthYear: values.birthYear,
  phone: values.phone,
  email: values.email,
  title: values.title,
  position: values.position,
  unitName: values.unitName,
  unitCreditCode: values.unitCreditCode,
  region: values.region,
  disciplineCodes: values.disciplineCodes,
  keywords: values.keywords,
  formerUnits: values.formerUnits,
  relations: values.relations,
  remark: values.remark,
  ...extra,
});

/** The office's calls: the list, the record, and every move of an expert's standing. */
export function createOfficeService(deps: ExpertDeps) {
  const { db, today } = deps;

  async function live(tx: Tx, id: number): Promise<ExpertRecord> {
    const row = await expertRepo.findLive(tx, id, true);
    if (!row) throw errors.notFound('专家');
    return row;
  }

  /** An end date must lie ahead: a standing that ended yesterday would be lifted by tonight's job. */
  function untilOf(until: string | null | undefined, label: string): string | null {
    if (!until) return null;
    if (until <= today()) throw errors.badRequest(`${label}须晚于今天`, { field: 'until' });
    return until;
  }

  return {
    async page(filter: ExpertFilter, page: PageParameter) {
      const result = await expertRepo.page(db, filter, page);
      return { ...result, list: result.list.map((row) => presentExpert(row)) };
    },

    async detail(id: number) {
      const row = await expertRepo.findLive(db, id);
      if (!row) throw errors.notFound('专家');
      return presentExpert(row);
    },

    add: (who: Who, profile: ExpertProfile) =>
      withTransaction(db, async (tx) => {
        const values = storedProfile(profile, null);
        const id = await expertDirectory.create(tx, who.change.actor, newExpertOf(values, { status: 'ACTIVE', source: 'OFFICE' }), who.name);
        const row = (await expertRepo.findLive(tx, id))!;
        await logExpert(tx, who, 'CREATE', row, `新增专家「${row.name}」`, null, briefOf(row));
        return presentExpert(row);
      }),

    update: (who: Who, id: number, lockVersion: number, profile: ExpertProfile) =>
      withTransaction(db, async (tx) => {
        const before = await live(tx, id);
        const after = await updateVersioned(tx, awardExpert, id, lockVersion, storedProfile(profile, before), who.change.actor, '专家');
        await logExpert(tx, who, 'UPDATE', after, `修改专家「${after.name}」的资料`, briefOf(before), briefOf(after));
        return presentExpert(after);
      }),

    audit: async (who: Who, id: number, lockVersion: number, approve: boolean, reason: string | null | undefined) => {
      let grantedTo: number | null = null;
      const answer = await withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('AUDIT', row, '审核');
        if (approve) {
          const after = await moveExpert(tx, who, row, lockVersion, 'ACTIVE', { action: 'AUDIT_APPROVE', reason: reason || null }, { statusReason: null });
          // An approved expert's account gets the 评审专家 role: the console's task list and score page.
          if (after.userId !== null) {
            await deps.roles.grantExpert(tx, after.userId);
            grantedTo = after.userId;
          }
          return presentExpert(after);
        }
        if (!reason) throw errors.badRequest('请填写不通过的理由', { field: 'reason' });
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'REJECTED', { action: 'AUDIT_REJECT', reason }, { statusReason: reason }));
      });
      // The expert's open sessions pick up the new role once it has committed.
      if (grantedTo !== null) await deps.roles.refreshSessions(grantedTo);
      return answer;
    },

    suspend: (who: Who, id: number, lockVersion: number, reason: string, until: string | null | undefined) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('SUSPEND', row, '暂停');
        const end = untilOf(until, '暂停截止日期');
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'SUSPENDED', { action: 'SUSPEND', reason, until: end }, { statusReason: reason, statusUntil: end }));
      }),

    resume: (who: Who, id: number, lockVersion: number, reason: string | null | undefined) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('RESUME', row, '恢复');
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'ACTIVE', { action: 'RESUME', reason: reason || null }, { statusReason: null, statusUntil: null }));
      }),

    blacklist: (who: Who, id: number, lockVersion: number, input: { reason: string; evidenceFileId?: number; until?: string | null }) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('BLACKLIST', row, '列入黑名单');
        if (!input.evidenceFileId) throw errors.badRequest('请上传证明材料', { field: 'evidenceFileId' });
        const end = untilOf(input.until, '黑名单截止日期');
        // Only the office member's own upload may become evidence (400 otherwise); it is filed under the expert.
        await deps.files.attach(tx, { bizType: EXPERT_FILE_BIZ, bizId: String(id), fileIds: [input.evidenceFileId] }, who.change.actor);
        return presentExpert(
          await moveExpert(
            tx,
            who,
            row,
            lockVersion,
            'BLACKLISTED',
            { action: 'BLACKLIST', reason: input.reason, until: end, evidenceFileId: input.evidenceFileId },
            { statusReason: input.reason, statusUntil: end, evidenceFileId: input.evidenceFileId },
          ),
        );
      }),

    unblacklist: (who: Who, id: number, lockVersion: number, reason: string) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('UNBLACKLIST', row, '解除黑名单');
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'ACTIVE', { action: 'UNBLACKLIST', reason }, { statusReason: null, statusUntil: null }));
      }),

    requestDeletion: (who: Who, id: number, lockVersion: number, reason: string) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        if (row.status === 'BLACKLISTED') throw errors.conflict(`专家「${row.name}」在黑名单中，不能删除：删除后其可重新注册`);
        assertMay('REQUEST_DELETION', row, '申请删除');
        return presentExpert(await moveExpert(tx, who, row, lockVersion, 'PENDING_DELETION', { action: 'REQUEST_DELETION', reason }));
      }),

    /** Approving deletes the record (soft); refusing returns it to where it stood before the request. Answers null once deleted. */
    reviewDeletion: (who: Who, id: number, lockVersion: number, approve: boolean, reason: string | null | undefined) =>
      withTransaction(db, async (tx) => {
        const row = await live(tx, id);
        assertMay('REVIEW_DELETION', row, '审核删除');
        if (approve) {
          await moveExpert(tx, who, row, lockVersion, 'DELETED', { action: 'APPROVE_DELETION', reason: reason || null }, { delFlag: 1 });
          return null;
        }
        const back = (await expertRepo.statusBeforeDeletionRequest(tx, id)) ?? 'ACTIVE';
        return presentExpert(await moveExpert(tx, who, row, lockVersion, back, { action: 'REFUSE_DELETION', reason: reason || null }));
      }),

    async history(id: number) {
      const row = await expertRepo.findLive(db, id);
      if (!row) throw errors.notFound('专家');
      return (await expertRepo.history(db, id)).map((h) => ({
        historyId: h.id,
        action: h.action as ExpertHistoryAction,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reason: h.reason,
        until: h.until,
        evidenceFileId: h.evidenceFileId,
        actorName: h.actorName,
        createTime: h.createTime,
      }));
    },
  };
}
export type OfficeService = ReturnType<typeof createOfficeService>;
