import {
  IDENTITY_REQUIRED,
  mayMoveObjection,
  OBJECTION_ACTION_LABELS,
  OBJECTION_HANDLING_WORKING_DAYS,
  OBJECTION_MOVES,
  OBJECTION_STATUS_LABELS,
  OBJECTION_STEP_LABELS,
  OBJECTION_WINDOW_CLOSED,
  type ObjectionAction,
  type ObjectionMove,
  type ServerObjectionFile,
} from '@dandelion/shared/award/objection';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { beijingDate } from '../../base/calendar/module';
import type { ObjectionDeps } from './deps';
import { present, presentDetail, presentMine, type Viewer } from './present';
import { objectionRepo, type ObjectionRecord } from './repo';
import { awardObjection, awardObjectionSetting } from './tables';

export const OBJECTION_MODULE = 'award:objection';
/** The record type evidence and seal pages are filed under in the file service. */
export const OBJECTION_FILE_BIZ = 'award:objection';
/** Where the objector follows their objections (个人中心) and where handlers work. */
export const MY_OBJECTIONS_LINK = '/center?tab=objections';
export const OBJECTION_CONSOLE_LINK = '/award/objection';

/** Who files or handles: the change the operation log keeps and the name the timeline shows. */
export interface Actor {
  change: ChangeContext;
  name: string;
}

const brief = (row: ObjectionRecord) => ({
  publicityId: row.publicityId,
  declarationId: row.declarationId,
  category: row.category,
  subject: row.subject,
  status: row.status,
  deadline: row.deadline,
  outcomeAction: row.outcomeAction,
  lockVersion: row.lockVersion,
});

const label = (row: ObjectionRecord) => `「${row.entryTitle ?? row.declarationId}」的异议（${row.subject}）`;

/** Filing (the portal's signed-in person) and handling (the office), with the declaration's hold. */
export function createObjectionService(deps: ObjectionDeps) {
  const { db, declarations } = deps;
  const now = deps.now ?? (() => new Date());
  const defaultDays = deps.handlingWorkingDays ?? OBJECTION_HANDLING_WORKING_DAYS;

  /** The office's saved setting, else the default (lockVersion 0). */
  async function settingOf(ex: Executor) {
    const row = await objectionRepo.setting(ex);
    return row ? { handlingWorkingDays: row.handlingWorkingDays, lockVersion: row.lockVersion } : { handlingWorkingDays: defaultDays, lockVersion: 0 };
  }

  async function log(ex: Executor, who: Actor, action: string, row: ObjectionRecord, summary: string, before: unknown) {
    await recordOperation(ex, {
      module: OBJECTION_MODULE,
      action,
      entityId: row.id,
      summary,
      before,
      after: brief(row),
      actor: who.change.actor,
      ip: who.change.ip ?? null,
      requestId: who.change.requestId ?? null,
    });
  }

  /** The declaration's status now, read in the transaction (null when it is gone). */
  async function statusOf(tx: Tx, declarationId: number) {
    const [card] = await declarations.cards(tx, [declarationId]);
    return card?.status ?? null;
  }

  /** The declarations' 登记号 for the office's list, read through the declaration port. */
  async function registrationNos(ids: number[]): Promise<Map<number, string | null>> {
    return new Map((await declarations.cards(db, [...new Set(ids)])).map((c) => [c.id, c.registrationNo]));
  }

  /** Ends the hold unless another open objection still holds the declaration; REMOVE ends it as not awarded. */
  async function endHold(tx: Tx, who: Actor, row: ObjectionRecord, removed: boolean, opinion: string) {
    await objectionRepo.lockHolds(tx, row.declarationId);
    if ((await statusOf(tx, row.declarationId)) !== 'OBJECTION_HOLD') return;
    if (removed) {
      await declarations.move(tx, who.change, who.name, row.declarationId, 'OBJECTION_REMOVE', { opinion: `异议成立：${opinion}` });
      return;
    }
    if ((await objectionRepo.openOthers(tx, row.declarationId, row.id)) > 0) return;
    await declarations.move(tx, who.change, who.name, row.declarationId, 'OBJECTION_RELEASE', { opinion: '异议处理完毕，恢复评审流程' });
  }

  /** One move under the lock version: 409 naming the state when the move does not start there. */
  async function move(tx: Tx, who: Actor, id: number, lockVersion: number, moveName: ObjectionMove, opinion: string | null, set: Partial<ObjectionRecord> = {}) {
    const row = await objectionRepo.lock(tx, id);
    if (!row) throw errors.notFound('异议');
    if (!mayMoveObjection(moveName, row.status)) {
      throw errors.conflict(`该异议当前状态为「${OBJECTION_STATUS_LABELS[row.status]}」，不能${OBJECTION_MOVES[moveName].label}`);
    }
    const to = OBJECTION_MOVES[moveName].to;
    const after = await updateVersioned(tx, awardObjection, id, lockVersion, { ...set, status: to }, who.change.actor, '异议');
    await objectionRepo.addStep(tx, { objectionId: id, action: moveName, fromStatus: row.status, toStatus: to, opinion, actorId: who.change.actor.id, actorName: who.name });
    await log(tx, who, moveName, after, `${OBJECTION_STEP_LABELS[moveName]}：${label(row)}${opinion ? `，意见：${opinion}` : ''}`, brief(row));
    return after;
  }

  return {
    /**
     * Files an objection. Refused: a grade dispute (400, by the contract), a person without verified identity (403),
     * an entry not in an open publicity (404) or a closed window (409). The declaration goes on hold
     * at once (it is "open" from receipt) unless another objection already holds it.
     */
    file: (who: Actor, input: ServerObjectionFile) =>
      withTransaction(db, async (tx) => {
        const moment = now();
        const window = await deps.entryWindow(tx, input.publicityId, input.declarationId, moment);
        if (!window) throw errors.notFound('公示条目');
        if (!window.open) throw errors.conflict(OBJECTION_WINDOW_CLOSED);
        await objectionRepo.lockHolds(tx, window.declarationId);
        const identity = await deps.identityOf(tx, who.change.actor.id);
        if (input.kind === 'PERSON' && !identity.verified) throw errors.forbidden(IDENTITY_REQUIRED);
        const { handlingWorkingDays } = await settingOf(tx);
        const deadline = await deps.workingDays.within(tx).addWorkingDays(beijingDate(moment), handlingWorkingDays);
        const unit = input.kind === 'UNIT';
        const row = await objectionRepo.insert(
          tx,
          {
            publicityId: window.publicityId,
            declarationId: window.declarationId,
            editionId: window.editionId,
            prizeId: window.prizeId,
            publicityTitle: window.title,
            entryTitle: window.entryTitle,
            objectorId: who.change.actor.id,
            objectorName: (identity.verified ? identity.realName : null) ?? who.name,
            kind: input.kind,
            unitName: unit ? (input.unitName ?? null) : null,
            creditCode: unit ? (input.creditCode ?? null) : null,
            sealFileId: unit ? (input.sealFileId ?? null) : null,
            contactPhone: input.contactPhone || null,
            category: input.category,
            subject: input.subject,
            facts: input.facts,
            evidenceFileIds: [...new Set(input.evidenceFileIds)],
            status: 'RECEIVED',
            deadline,
          },
          who.change.actor,
        );
        // Only the filer's own uploads may be evidence (400 otherwise); they are filed under the objection.
        const fileIds = [...row.evidenceFileIds, ...(row.sealFileId ? [row.sealFileId] : [])];
        await deps.files.attach(tx, { bizType: OBJECTION_FILE_BIZ, bizId: String(row.id), fileIds }, who.change.actor);
        await objectionRepo.addStep(tx, { objectionId: row.id, action: 'FILE', fromStatus: null, toStatus: 'RECEIVED', opinion: null, actorId: who.change.actor.id, actorName: row.objectorName });
        await log(tx, who, 'FILE', row, `提出异议：${label(row)}`, null);
        const status = await statusOf(tx, row.declarationId);
        // The applicant is told the declaration is on hold, never by whom.
        if (status !== 'OBJECTION_HOLD') await declarations.move(tx, who.change, who.name, row.declarationId, 'OBJECTION_HOLD', { opinion: '公示期间收到异议，暂停处理' });
        return presentMine(row);
      }),

    mine: (userId: number, page: PageParameter) =>
      paginate(
        page,
        async (limit, offset) => (await objectionRepo.mine(db, userId, limit, offset)).map(presentMine),
        () => objectionRepo.countMine(db, userId),
      ),

    page: (viewer: Viewer, filter: { editionId?: number; prizeId?: number; status?: ObjectionRecord['status']; overdue?: boolean }, page: PageParameter) => {
      const today = beijingDate(now());
      const where = { ...filter, today };
      return paginate(
        page,
        async (limit, offset) => {
          const rows = await objectionRepo.page(db, where, limit, offset);
          const numbers = await registrationNos(rows.map((r) => r.declarationId));
          return rows.map((row) => present(row, viewer, today, numbers.get(row.declarationId) ?? null));
        },
        () => objectionRepo.count(db, where),
      );
    },

    async detail(viewer: Viewer, id: number) {
      const row = await objectionRepo.find(db, id);
      if (!row) throw errors.notFound('异议');
      const numbers = await registrationNos([row.declarationId]);
      return presentDetail(row, await objectionRepo.steps(db, id), viewer, beijingDate(now()), numbers.get(row.declarationId) ?? null);
    },

    accept: (who: Actor, viewer: Viewer, id: number, lockVersion: number, opinion: string | null) =>
      withTransaction(db, async (tx) => {
        const after = await move(tx, who, id, lockVersion, 'ACCEPT', opinion);
        await deps.tell(tx, [after.objectorId], { title: '您的异议已受理', body: `您对「${after.entryTitle ?? ''}」提出的异议已受理，我们将在 ${after.deadline} 前完成调查处理。`, link: MY_OBJECTIONS_LINK });
        return present(after, viewer, beijingDate(now()));
      }),

    reject: (who: Actor, viewer: Viewer, id: number, lockVersion: number, opinion: string) =>
      withTransaction(db, async (tx) => {
        const after = await move(tx, who, id, lockVersion, 'REJECT', opinion, { outcomeOpinion: opinion, decidedAt: now() });
        await endHold(tx, who, after, false, opinion);
        await deps.tell(tx, [after.objectorId], { title: '您的异议不予受理', body: `您对「${after.entryTitle ?? ''}」提出的异议不予受理。理由：${opinion}`, link: MY_OBJECTIONS_LINK });
        return present(after, viewer, beijingDate(now()));
      }),

    investigate: (who: Actor, viewer: Viewer, id: number, lockVersion: number, opinion: string | null) =>
      withTransaction(db, async (tx) => present(await move(tx, who, id, lockVersion, 'INVESTIGATE', opinion), viewer, beijingDate(now()))),

    /** UPHELD with REMOVE ends the declaration NOT_AWARDED; any other conclusion releases it when no other objection holds it. */
    decide: (who: Actor, viewer: Viewer, id: number, lockVersion: number, input: { upheld: boolean; action?: ObjectionAction | null; opinion: string }) =>
      withTransaction(db, async (tx) => {
        const action: ObjectionAction = input.upheld ? input.action! : 'NONE';
        const after = await move(tx, who, id, lockVersion, input.upheld ? 'UPHOLD' : 'DISMISS', input.opinion, { outcomeAction: action, outcomeOpinion: input.opinion, decidedAt: now() });
        await endHold(tx, who, after, input.upheld && action === 'REMOVE', input.opinion);
        const outcome = input.upheld ? `异议成立，处理措施：${OBJECTION_ACTION_LABELS[action]}` : '异议不成立';
        await deps.tell(tx, [after.objectorId], { title: '您的异议已有处理结果', body: `您对「${after.entryTitle ?? ''}」提出的异议经调查，${outcome}。处理意见：${input.opinion}`, link: MY_OBJECTIONS_LINK });
        return present(after, viewer, beijingDate(now()));
      }),

    /** The reminder job: open objections due within `days` working days or overdue; one message to the handlers each. */
    async remind(days: number): Promise<number> {
      const today = beijingDate(now());
      const horizon = await deps.workingDays.addWorkingDays(today, days);
      const due = await objectionRepo.dueBy(db, horizon);
      if (!due.length) return 0;
      const handlers = await deps.handlerIds(db);
      if (!handlers.length) return 0;
      for (const row of due) {
        const late = row.deadline < today;
        await deps.tell(db, handlers, {
          title: late ? '异议处理已逾期' : '异议处理即将到期',
          body: `对「${row.entryTitle ?? ''}」的异议（${OBJECTION_STATUS_LABELS[row.status]}）处理期限为 ${row.deadline}${late ? '，已逾期' : ''}，请尽快处理。`,
          link: OBJECTION_CONSOLE_LINK,
        });
      }
      return due.length;
    },

    settings: () => settingOf(db),

    /** Saves the handling deadline's working days under the optimistic lock (0 = nothing saved yet); objections already received keep theirs. */
    saveSettings: (who: Actor, input: { handlingWorkingDays: number; lockVersion: number }) =>
      withTransaction(db, async (tx) => {
        const before = await objectionRepo.setting(tx);
        if (!before && input.lockVersion !== 0) throw errors.staleVersion();
        const after = before
          ? await updateVersioned(tx, awardObjectionSetting, before.id, input.lockVersion, { handlingWorkingDays: input.handlingWorkingDays }, who.change.actor, '异议处理期限设置')
          : await objectionRepo.insertSetting(tx, input.handlingWorkingDays, who.change.actor);
        await recordOperation(tx, {
          module: OBJECTION_MODULE,
          action: 'SETTING',
          entityId: after.id,
          summary: `异议处理期限设置为 ${after.handlingWorkingDays} 个工作日`,
          before: { handlingWorkingDays: before?.handlingWorkingDays ?? defaultDays },
          after: { handlingWorkingDays: after.handlingWorkingDays },
          actor: who.change.actor,
          ip: who.change.ip ?? null,
          requestId: who.change.requestId ?? null,
        });
        return { handlingWorkingDays: after.handlingWorkingDays, lockVersion: after.lockVersion };
      }),

    /** Whether the user filed the objection: the file rule lets the objector read their evidence. */
    isObjector: (id: number, userId: number) => objectionRepo.isObjector(db, id, userId),
  };
}
export type ObjectionService = ReturnType<typeof createObjectionService>;
