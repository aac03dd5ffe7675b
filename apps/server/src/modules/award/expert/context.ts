import { EXPERT_HISTORY_ACTION_LABELS, EXPERT_STATUS_LABELS, mayMove, type ExpertMove, type ExpertStatus } from '@dandelion/shared/award/expert';
import { isMaskedIdNumber, type ExpertProfile } from '@dandelion/shared/award/expertProfile';
import { maskIdNumber } from '@dandelion/shared/masking';
import type { ServerData } from '@dandelion/shared';
import type { expertCalls } from '@dandelion/shared/award/expert';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { auditOf, updateVersioned, type Actor } from '../../../core/records';
import type { FileService } from '../../file/module';
import { expertRepo, type ExpertRecord, type ExpertValues, type HistoryLine } from './repo';
import { awardExpert } from './tables';
import type { StoredFormerUnit, StoredRelation } from './tables';

export const EXPERT_MODULE = 'award:expert';
/** The record type a blacklisting's evidence is filed under in the file service. */
export const EXPERT_FILE_BIZ = 'award:expert';

/**
 * How an invitation reaches the invited person: an in-site message when their phone belongs to a
 * user, and the office's SMS template EXPERT_INVITE when configured. The message module answers.
 */
export interface InvitationNotifier {
  /** The live user a phone number belongs to, read through the caller's executor. */
  userIdByPhone(ex: Executor, phone: string): Promise<number | null>;
  /** In-site message in the caller's transaction. */
  tell(ex: Executor, userIds: number[], message: { title: string; body: string; link: string }): Promise<void>;
  /** Sends the template when the office has configured it (null when not configured). */
  sendTemplate(code: string, userIds: number[], values: Record<string, string | number>): Promise<{ sent: number; failed: number } | null>;
}

export interface ExpertDeps {
  db: Db;
  /** Today's date in Beijing (YYYY-MM-DD): suspensions and blacklistings end on a date. */
  today: () => string;
  /** A blacklisting's evidence is an upload filed under the expert. */
  files: Pick<FileService, 'attach' | 'registerAccessRule'>;
  invitations: InvitationNotifier;
  /** The user module gives an approved expert's account the EXPERT role; sessions are refreshed after the commit. */
  roles: {
    grantExpert(ex: Executor, userId: number): Promise<void>;
    refreshSessions(userId: number): Promise<void>;
  };
}

/** Who acts: the change context the operation log keeps, and the name the history shows. */
export interface Who {
  change: ChangeContext;
  name: string;
}
export const historyActor = (who: Who): Actor => ({ id: who.change.actor.id, name: who.name });

export type ExpertDetail = ServerData<typeof expertCalls.detail>;

/** The row as an answer; ID numbers masked unless `reveal` (the expert's own profile). */
export function presentExpert(row: ExpertRecord, reveal = false): ExpertDetail {
  const idOf = (value: string | null) => (reveal ? value : maskIdNumber(value));
  return {
    expertId: row.id,
    userId: row.userId,
    name: row.name,
    idNumber: idOf(row.idNumber),
    gender: (row.gender as ExpertDetail['gender']) ?? null,
    birthYear: row.birthYear,
    phone: row.phone,
    email: row.email,
    title: row.title,
    position: row.position,
    unitName: row.unitName,
    unitCreditCode: row.unitCreditCode,
    region: row.region,
    disciplineCodes: row.disciplineCodes,
    keywords: row.keywords,
    status: row.status,
    source: row.source,
    statusReason: row.statusReason,
    statusUntil: row.statusUntil,
    formerUnits: row.formerUnits,
    relations: row.relations.map((r) => ({ ...r, personIdNumber: idOf(r.personIdNumber) })),
    remark: row.remark,
    evidenceFileId: row.evidenceFileId,
    ...auditOf(row),
  };
}

const blank = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/**
 * A masked ID number sent back means "keep the stored one": it must match what is stored, else the
 * caller is told to type the whole number (a masked value never lands in the database).
 */
function resolveId(sent: string | null, stored: readonly (string | null)[]): string | null {
  if (!sent) return null;
  if (!isMaskedIdNumber(sent)) return sent.toUpperCase();
  const kept = stored.find((s) => s && maskIdNumber(s) === sent);
  if (!kept) throw errors.badRequest('证件号码不完整，请填写完整的证件号码', { field: 'idNumber' });
  return kept;
}

/** The profile as the table stores it: blanks as null, the main discipline, masked ID numbers resolved against `before`. */
export function storedProfile(p: ExpertProfile, before: ExpertRecord | null): ExpertValues {
  const disciplineCodes = p.disciplineCodes.map((c) => c.trim());
  const formerUnits: StoredFormerUnit[] = p.formerUnits.map((u) => ({ unitName: u.unitName, creditCode: blank(u.creditCode)?.toUpperCase() ?? null, from: blank(u.from), until: blank(u.until) }));
  const relationIds = before?.relations.map((r) => r.personIdNumber) ?? [];
  const relations: StoredRelation[] = p.relations.map((r) => ({
    kind: r.kind,
    personName: blank(r.personName),
    personIdNumber: resolveId(blank(r.personIdNumber), relationIds),
    unitName: blank(r.unitName),
    creditCode: blank(r.creditCode)?.toUpperCase() ?? null,
    from: blank(r.from),
    until: blank(r.until),
    note: blank(r.note),
  }));
  return {
    name: p.name,
    idNumber: resolveId(blank(p.idNumber), [before?.idNumber ?? null]),
    gender: p.gender ?? null,
    birthYear: p.birthYear ?? null,
    phone: p.phone,
    email: blank(p.email),
    title: blank(p.title),
    position: blank(p.position),
    unitName: blank(p.unitName),
    unitCreditCode: blank(p.unitCreditCode)?.toUpperCase() ?? null,
    region: blank(p.region),
    disciplineCodes,
    mainDiscipline: disciplineCodes[0] ?? null,
    keywords: [...new Set(p.keywords.map((k) => k.trim()))],
    formerUnits,
    relations,
    remark: blank(p.remark),
  };
}

/** What the operation log keeps of an expert (the ID number is dropped by the log's redaction). */
export const briefOf = (row: ExpertRecord) => ({
  name: row.name,
  status: row.status,
  unitName: row.unitName,
  title: row.title,
  phone: row.phone,
  disciplineCodes: row.disciplineCodes,
  statusReason: row.statusReason,
  statusUntil: row.statusUntil,
  evidenceFileId: row.evidenceFileId,
  lockVersion: row.lockVersion,
});

export async function logExpert(ex: Executor, who: Who | null, action: string, row: ExpertRecord, summary: string, before: unknown, after: unknown) {
  await recordOperation(ex, {
    module: EXPERT_MODULE,
    action,
    entityId: row.id,
    summary,
    before,
    after,
    actor: who?.change.actor ?? null,
    ip: who?.change.ip ?? null,
    requestId: who?.change.requestId ?? null,
  });
}

/** A move refused from the expert's present state: 409 with the state named. */
export function assertMay(move: ExpertMove, row: ExpertRecord, what: string): void {
  if (!mayMove(move, row.status)) throw errors.conflict(`专家「${row.name}」当前状态为「${EXPERT_STATUS_LABELS[row.status]}」，不能${what}`);
}

/**
 * Moves an expert under the optimistic lock (a stale move is 409 and changes nothing), writes the
 * history line and the operation-log row, all on the caller's transaction.
 */
export async function moveExpert(
  ex: Executor,
  who: Who | null,
  before: ExpertRecord,
  lockVersion: number | null,
  to: ExpertStatus,
  line: Omit<HistoryLine, 'fromStatus' | 'toStatus'>,
  set: ExpertValues = {},
): Promise<ExpertRecord> {
  const actor = who ? historyActor(who) : null;
  const after = await updateVersioned(ex, awardExpert, before.id, lockVersion ?? before.lockVersion, { ...set, status: to }, who?.change.actor ?? null, '专家');
  await expertRepo.addHistory(ex, before.id, { ...line, fromStatus: before.status, toStatus: to }, actor);
  const reason = line.reason ? `（${line.reason}）` : '';
  await logExpert(ex, who, line.action, after, `${EXPERT_HISTORY_ACTION_LABELS[line.action]}：专家「${before.name}」${reason}`, briefOf(before), briefOf(after));
  return after;
}
