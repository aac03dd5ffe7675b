import {
  DECLARATION_STATUS_LABELS,
  EDITABLE_STATUSES,
  type DeclarationAction,
  type DeclarationStatus,
} from '@dandelion/shared/award/declaration';
import { DECLARATION_PERMISSIONS, FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS } from '@dandelion/shared/award/declaration';
import type { EditionStage } from '@dandelion/shared/award/edition';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { EffectiveDataScope } from '../../../core/dataScope';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { auditOf, type Actor } from '../../../core/records';
import type { SerialService } from '../../base/serial/module';
import type { FileService } from '../../file/module';
import type { Principal } from '../../../core/permissions';
import type { WorkingDayCalendar } from '../../base/calendar/module';
import { phaseOn, stageWindow, type EditionDirectory, type EditionRow } from '../edition/module';
import type { PrizeDirectory, PrizeRow } from '../prize/module';
import { declarationRepo, type DeclarationListRow } from './repo';
import type { DeclarationEvents, DeclarationRow } from './transition';

export const DECLARATION_MODULE = 'award:declaration';
/** The serial-number rule 登记号 are taken from (seeded by `seedDeclarationNumbering`). */
export const REGISTRATION_NO_RULE = 'AWARD_DECLARATION_NO';
/** The record type a declaration's attachments are filed under in the file service. */
export const DECLARATION_FILE_BIZ = 'award:declaration';

/** States a declaration never leaves. */
export const FINAL_STATUSES: readonly DeclarationStatus[] = ['WITHDRAWN', 'NOT_ACCEPTED', 'AWARDED', 'NOT_AWARDED', 'ELIMINATED'];

export interface DeclarationDeps {
  db: Db;
  events: DeclarationEvents;
  serials: Pick<SerialService, 'next'>;
  /** Attachments are the applicant's own uploads, filed under the declaration; its readers may download them. */
  files: Pick<FileService, 'attach' | 'detach' | 'registerAccessRule'>;
  editions: EditionDirectory;
  prizes: PrizeDirectory;
  workingDays: WorkingDayCalendar;
  /** The reasons of 不予受理 (dictionary AWARD_REJECT_REASON): code and name, read through `ex` (often a transaction). */
  rejectReasons: (ex: Executor) => Promise<Array<{ code: string; name: string }>>;
  /** Today's date in Beijing (YYYY-MM-DD). */
  today: () => string;
  /** Sends an in-site message about declarations (deadline reminders). */
  tell: (ex: Executor, userIds: number[], message: { title: string; body: string }) => Promise<void>;
  /** Whether the user is an expert whose assignment on the declaration is active now (the scoring module answers; absent: no). */
  expertMayRead?: (ex: Executor, userId: number, declarationId: number) => Promise<boolean>;
}

/** The caller as the declaration rules see them. */
export interface Viewer {
  change: ChangeContext;
  /** The name the history shows (real name, else user name). */
  name: string;
  can: (permission: string) => boolean;
  scope: EffectiveDataScope;
}

export const actorOf = (viewer: Viewer): Actor => viewer.change.actor;

/** The viewer a signed-in principal is (permission codes, data scope). */
export function viewerOfPrincipal(p: Principal, change: ChangeContext = { actor: { id: p.userId, name: p.username } }): Viewer {
  return { change, name: p.realname || p.username, can: (code) => p.isSuperAdmin || p.permissions.has(code), scope: p.dataScope };
}

/** The edition stage a declaration waits in, by status (its end date is the row's deadline). */
const WAITING_STAGE: Partial<Record<DeclarationStatus, EditionStage>> = {
  DRAFT: 'DECLARATION',
  SUBMITTED: 'UNIT_REVIEW',
  UNIT_RETURNED: 'UNIT_REVIEW',
  UNIT_APPROVED: 'NOMINATION',
  NOMINATOR_RETURNED: 'NOMINATION',
  NOMINATED: 'FORMAL_REVIEW',
  ACCEPTED: 'ACCEPTANCE_PUBLICITY',
  IN_REVIEW: 'INITIAL_REVIEW',
  IN_COMMITTEE: 'COMMITTEE',
  IN_RESULT_PUBLICITY: 'RESULT_PUBLICITY',
};

type Row = DeclarationListRow;

/** Shared reading of declarations: loading with record-level access, the caller's actions, presentation. */
export function createDeclarationContext(deps: DeclarationDeps) {
  const { editions, prizes, today } = deps;

  /** The organisations the viewer's data scope reaches, asked once per request. */
  const scopeCache = new WeakMap<Viewer, Promise<Set<number> | 'ALL'>>();
  function orgsOf(ex: Executor, viewer: Viewer) {
    let found = scopeCache.get(viewer);
    if (!found) {
      found = declarationRepo.orgIdsWithin(ex, viewer.scope);
      scopeCache.set(viewer, found);
    }
    return found;
  }
  async function reaches(ex: Executor, viewer: Viewer, orgId: number | null): Promise<boolean> {
    if (orgId === null) return false;
    const orgs = await orgsOf(ex, viewer);
    return orgs === 'ALL' || orgs.has(orgId);
  }

  const isOwner = (viewer: Viewer, row: Pick<Row, 'applicantId'>) => row.applicantId === viewer.change.actor.id;

  /** Whether the applicant may still change it: editable states, a fix only until its deadline. */
  function editable(row: Pick<Row, 'status' | 'fixDeadline'>): boolean {
    if (!EDITABLE_STATUSES.includes(row.status)) return false;
    return row.status !== 'FORMAL_RETURNED' || !row.fixDeadline || today() <= row.fixDeadline;
  }
  const declaringNow = (edition: EditionRow | undefined) => !!edition && phaseOn(edition, today()) === 'DECLARING';

  /** Whether the viewer is the level that decides a pending withdrawal request (by the state it waits in). */
  async function decidesRevocation(ex: Executor, viewer: Viewer, row: Row): Promise<boolean> {
    if (row.status === 'SUBMITTED') return viewer.can(UNIT_REVIEW_PERMISSIONS.approve) && reaches(ex, viewer, row.unitOrgId);
    if (row.status === 'UNIT_APPROVED') return viewer.can(NOMINATION_PERMISSIONS.approve) && reaches(ex, viewer, row.nominatorOrgId);
    return viewer.can(DECLARATION_PERMISSIONS.revocation);
  }

  async function actionsOf(ex: Executor, viewer: Viewer, row: Row, edition: EditionRow | undefined): Promise<DeclarationAction[]> {
    const actions: DeclarationAction[] = [];
    const pending = row.revocation?.status === 'PENDING';
    if (isOwner(viewer, row)) {
      const canEdit = editable(row);
      if (canEdit) actions.push('EDIT');
      if (row.status === 'DRAFT' && !row.firstSubmitTime) actions.push('DELETE');
      if (canEdit && (row.firstSubmitTime || declaringNow(edition))) actions.push('SUBMIT');
      if (row.status !== 'DRAFT' && !FINAL_STATUSES.includes(row.status) && !pending) actions.push('REVOKE');
      if (row.registrationNo) actions.push('PRINT');
    }
    if (row.status === 'SUBMITTED' && viewer.can(UNIT_REVIEW_PERMISSIONS.approve) && (await reaches(ex, viewer, row.unitOrgId))) actions.push('UNIT_REVIEW');
    if (row.status === 'UNIT_APPROVED' && viewer.can(NOMINATION_PERMISSIONS.approve) && (await reaches(ex, viewer, row.nominatorOrgId))) actions.push('NOMINATE');
    if (row.status === 'NOMINATED' && viewer.can(FORMAL_REVIEW_PERMISSIONS.audit)) actions.push('FORMAL_REVIEW');
    if (pending && (await decidesRevocation(ex, viewer, row))) actions.push('DECIDE_REVOCATION');
    return actions;
  }

  function currentStepOf(row: Row): string {
    if (row.revocation?.status === 'PENDING') return '撤回申请待处理';
    if (row.status === 'FORMAL_RETURNED' && row.fixDeadline) return `限期修改（截止 ${row.fixDeadline}）`;
    if (row.status === 'UNIT_RETURNED') return '单位退回，待修改';
    if (row.status === 'NOMINATOR_RETURNED') return '提名单位退回，待修改';
    if (row.status === 'DRAFT') return '草稿，待提交';
    return DECLARATION_STATUS_LABELS[row.status];
  }

  function deadlineOf(row: Row, edition: EditionRow | undefined): string | null {
    if (row.status === 'FORMAL_RETURNED') return row.fixDeadline;
    const stage = WAITING_STAGE[row.status];
    return stage && edition ? (stageWindow(edition.stages, stage)?.endDate ?? null) : null;
  }

  /** List rows with names, the current step, the deadline and what this viewer may do. */
  async function presentRows(ex: Executor, viewer: Viewer, rows: Row[]) {
    const editionById = new Map((await editions.among(ex, rows.map((r) => r.editionId))).map((e) => [e.id, e]));
    const prizeById = new Map((await prizes.liveAmong(ex, [...new Set(rows.map((r) => r.prizeId))])).map((p) => [p.id, p]));
    const orgNames = await declarationRepo.orgNames(ex, rows.flatMap((r) => [r.unitOrgId, r.nominatorOrgId]).filter((id): id is number => id !== null));
    return Promise.all(
      rows.map(async (row) => {
        const edition = editionById.get(row.editionId);
        return {
          declarationId: row.id,
          editionId: row.editionId,
          editionName: edition?.editionName ?? '',
          prizeId: row.prizeId,
          prizeName: prizeById.get(row.prizeId)?.prizeName ?? '',
          title: row.title,
          proposedGrade: row.proposedGrade,
          status: row.status,
          registrationNo: row.registrationNo,
          applicantName: row.applicantName,
          unitOrgName: row.unitOrgId === null ? null : (orgNames.get(row.unitOrgId) ?? null),
          nominatorOrgName: row.nominatorOrgId === null ? null : (orgNames.get(row.nominatorOrgId) ?? null),
          firstCompleter: row.firstCompleter,
          completerCount: row.completerCount,
          currentStep: currentStepOf(row),
          deadline: deadlineOf(row, edition),
          resubmitted: row.resubmitted,
          revocationPending: row.revocation?.status === 'PENDING',
          submitTime: row.submitTime,
          actions: await actionsOf(ex, viewer, row, edition),
          updateTime: row.updateTime,
          lockVersion: row.lockVersion,
        };
      }),
    );
  }

  async function prizeOf(ex: Executor, prizeId: number): Promise<PrizeRow> {
    const [prize] = await prizes.liveAmong(ex, [prizeId]);
    if (!prize) throw errors.notFound('奖种');
    return prize;
  }
  async function editionOf(ex: Executor, editionId: number) {
    const edition = await editions.find(ex, editionId);
    if (!edition) throw errors.notFound('届次');
    return edition;
  }

  /** The whole declaration for the form, the reviewers and the print view. */
  async function presentDetail(ex: Executor, viewer: Viewer, row: DeclarationRow) {
    const [listRow] = await presentRows(ex, viewer, [row]);
    const prize = await prizeOf(ex, row.prizeId);
    const revocation = row.revocation && { status: row.revocation.status, reason: row.revocation.reason, opinion: row.revocation.opinion, requestTime: new Date(row.revocation.requestTime) };
    const lastNote = row.lastNote && { ...row.lastNote, reasons: await reasonNames(ex, row.lastNote.reasons), time: new Date(row.lastNote.time) };
    return {
      ...listRow!,
      ...auditOf(row),
      prizeCode: prize.prizeCode,
      prizeKind: prize.kind,
      grades: prize.grades,
      formConfig: prize.formConfig,
      unitOrgId: row.unitOrgId,
      nominatorOrgId: row.nominatorOrgId,
      content: row.content,
      lastNote,
      revocation,
    };
  }

  /** 不予受理 reasons by their dictionary names (a code no longer in the dictionary stays as it is). */
  async function reasonNames(ex: Executor, codes: string[]): Promise<string[]> {
    if (!codes.length) return codes;
    const names = new Map((await deps.rejectReasons(ex)).map((r) => [r.code, r.name]));
    return codes.map((code) => names.get(code) ?? code);
  }

  /** Whether the viewer may read this declaration at all (record-level access; anyone else gets 404). */
  async function mayRead(ex: Executor, viewer: Viewer, row: Row): Promise<boolean> {
    if (isOwner(viewer, row)) return true;
    if (viewer.can(DECLARATION_PERMISSIONS.detail) || viewer.can(FORMAL_REVIEW_PERMISSIONS.list)) return true;
    if (viewer.can(UNIT_REVIEW_PERMISSIONS.list) && (await reaches(ex, viewer, row.unitOrgId))) return true;
    return viewer.can(NOMINATION_PERMISSIONS.list) && reaches(ex, viewer, row.nominatorOrgId);
  }

  /** A declaration the viewer may read, or 404 (a guessed id never tells whether it exists). */
  async function readable(ex: Executor, viewer: Viewer, id: number, lock = false): Promise<DeclarationRow> {
    const row = lock ? await declarationRepo.lockLive(ex, id) : await declarationRepo.findLive(ex, id);
    if (!row || !(await mayRead(ex, viewer, row))) throw errors.notFound('申报书');
    return row;
  }

  /** The applicant's own declaration, or 404. */
  async function owned(ex: Executor, viewer: Viewer, id: number, lock = false): Promise<DeclarationRow> {
    const row = lock ? await declarationRepo.lockLive(ex, id) : await declarationRepo.findLive(ex, id);
    if (!row || !isOwner(viewer, row)) throw errors.notFound('申报书');
    return row;
  }

  const log = (ex: Executor, viewer: Viewer | null, action: string, row: DeclarationRow, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: DECLARATION_MODULE, action, entityId: row.id, summary, before, after, ...(viewer?.change ?? { actor: null }) });

  /** What the operation log keeps of a move: the state, not the content. */
  const brief = (row: DeclarationRow) => ({ status: row.status, registrationNo: row.registrationNo, fixDeadline: row.fixDeadline, revocation: row.revocation, lockVersion: row.lockVersion });

  return { mayRead, reasonNames, stepOf: currentStepOf, reaches, isOwner, editable, declaringNow, decidesRevocation, presentRows, presentDetail, readable, owned, prizeOf, editionOf, log, brief };
}
export type DeclarationContext = ReturnType<typeof createDeclarationContext>;
