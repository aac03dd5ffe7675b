import {
  BLOCKING_REASONS,
  CLOSING_STATUSES,
  EDITION_CLOSED_MESSAGE,
  NO_GRADE_REASON,
  type ClosingOutcome,
  type HonourStatus,
} from '@dandelion/shared/award/awarding';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADES, PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { MAX_EXPORT_ROWS } from '../../../core/excel';
import type { StretchCard } from '../declaration/module';
import { stageWindow } from '../edition/module';
import type { AwardingDeps } from './deps';
import { awardingRepo, type HonourFilter, type HonourRow, type NewHonour } from './repo';
import { CERTIFICATE_NO_RULE } from './seed';

export const AWARDING_MODULE = 'award:awarding';

/** The office's person at the desk: who closes, for the log and the declarations' history. */
export interface Officer {
  change: ChangeContext;
  name: string;
}

/** The caller of a certificate download: the office's permission or the declaration's own applicant. */
export interface CertificateReader {
  userId: number;
  mayReadAll: boolean;
}

export interface PlannedDeclaration extends StretchCard {
  outcome: ClosingOutcome;
  reason: string | null;
}

/** What closing does with one declaration (the rules are written out in shared/award/awarding.ts). */
export function outcomeOf(card: Pick<StretchCard, 'status' | 'awardGrade'>): { outcome: ClosingOutcome; reason: string | null } {
  const blocking = BLOCKING_REASONS[card.status];
  if (blocking) return { outcome: 'BLOCK', reason: blocking };
  if (card.status === 'IN_RESULT_PUBLICITY' || card.status === 'AWARDED') {
    return card.awardGrade ? { outcome: 'AWARD', reason: null } : { outcome: 'BLOCK', reason: NO_GRADE_REASON };
  }
  return { outcome: 'NOT_AWARD', reason: null };
}

const gradeRank = (grade: PrizeGrade | null) => (grade ? PRIZE_GRADES.indexOf(grade) : 99);
const labelOf = (card: Pick<StretchCard, 'title' | 'registrationNo' | 'id'>) => `「${card.title ?? card.registrationNo ?? card.id}」`;

/**
 * Closing an edition (结束评奖), its award list and certificates. The preview and the closing apply the
 * same rules, so what the office saw is what happens; the closing moves every declaration, writes the
 * list and numbers the certificates in one transaction.
 */
export function createAwardingService(deps: AwardingDeps) {
  const { db, declarations } = deps;

  async function editionOf(ex: Executor, editionId: number) {
    const edition = await deps.editions.find(ex, editionId);
    if (!edition) throw errors.notFound('届次');
    return edition;
  }

  async function prizeNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
    const rows = await deps.prizes.liveAmong(ex, [...new Set(ids)]);
    return new Map(rows.map((p) => [p.id, p.prizeName]));
  }

  /** The edition's standing declarations with their outcome, and why it cannot be closed now. */
  async function plan(ex: Executor, editionId: number, prizeId?: number) {
    const edition = await editionOf(ex, editionId);
    const closing = await awardingRepo.closingOf(ex, editionId);
    const cards = await declarations.inStates(ex, { editionId, prizeId, statuses: CLOSING_STATUSES });
    const rows: PlannedDeclaration[] = cards.map((card) => ({ ...card, ...outcomeOf(card) }));
    const refusals: string[] = [];
    const publicity = stageWindow(edition.stages, 'RESULT_PUBLICITY');
    if (closing) refusals.push(EDITION_CLOSED_MESSAGE);
    else {
      if (!publicity) refusals.push('本届未设置结果公示日期，不能结束评奖');
      else if (deps.today() <= publicity.endDate) refusals.push(`结果公示尚未结束（${publicity.endDate} 截止），不能结束评奖`);
      const blocked = rows.filter((r) => r.outcome === 'BLOCK');
      if (blocked.length) {
        const named = blocked.slice(0, 5).map((r) => `${labelOf(r)}${DECLARATION_STATUS_LABELS[r.status]}（${r.reason}）`).join('；');
        refusals.push(`有 ${blocked.length} 份申报书尚不能结束评奖：${named}${blocked.length > 5 ? ' 等' : ''}`);
      }
    }
    return { edition, closing, publicityEnd: publicity?.endDate ?? null, rows, refusals };
  }

  return {
    async preview(input: { editionId: number; prizeId?: number }) {
      const { edition, closing, publicityEnd, rows, refusals } = await plan(db, input.editionId, input.prizeId);
      const names = await prizeNames(db, rows.map((r) => r.prizeId));
      const counted = (o: ClosingOutcome) => rows.filter((r) => r.outcome === o).length;
      return {
        editionId: edition.id,
        editionName: edition.editionName,
        resultPublicityEnd: publicityEnd,
        refusals,
        closed: !!closing,
        closedAt: closing?.closedAt ?? null,
        closedBy: closing?.closedBy ?? null,
        counts: { award: counted('AWARD'), notAward: counted('NOT_AWARD'), block: counted('BLOCK') },
        rows: rows.map((r) => ({
          declarationId: r.id,
          prizeId: r.prizeId,
          prizeName: names.get(r.prizeId) ?? '',
          registrationNo: r.registrationNo,
          title: r.title,
          firstCompleter: r.firstCompleter,
          status: r.status,
          awardGrade: r.awardGrade,
          outcome: r.outcome,
          reason: r.reason,
        })),
      };
    },

    /**
     * Closes the edition: AWARD / NOT_AWARD for each declaration, the award list with certificate
     * numbers, the closing row (the list is published with it), the operation log; then the portal
     * forgets its cached pages. Refused (409, the reasons named) while anything blocks.
     */
    async close(officer: Officer, editionId: number): Promise<{ awarded: number; notAwarded: number }> {
      const actor = officer.change.actor;
      const result = await db.transaction(async (tx) => {
        const { edition, closing, rows, refusals } = await plan(tx, editionId);
        if (closing) throw errors.conflict(EDITION_CLOSED_MESSAGE);
        if (refusals.length) throw errors.conflict(refusals.join('；'));
        const fields = new Map((await declarations.publicFields(tx, rows.map((r) => r.id))).map((f) => [f.id, f]));
        const honours: NewHonour[] = [];
        // Certificates are numbered in the award list's order: prize, grade (special first), registration number.
        const inListOrder = [...rows].sort((a, b) => a.prizeId - b.prizeId || gradeRank(a.awardGrade) - gradeRank(b.awardGrade) || (a.registrationNo ?? '').localeCompare(b.registrationNo ?? ''));
        for (const row of inListOrder) {
          let status: HonourStatus = 'NOT_AWARDED';
          let certificateNo: string | null = null;
          if (row.outcome === 'AWARD') {
            if (row.status !== 'AWARDED') await declarations.move(tx, officer.change, officer.name, row.id, 'AWARD', { opinion: `${edition.editionName}结束评奖：授予${PRIZE_GRADE_LABELS[row.awardGrade!]}` });
            status = 'AWARDED';
            certificateNo = await deps.serials.next(CERTIFICATE_NO_RULE, tx);
          } else if (row.status !== 'NOT_AWARDED') {
            await declarations.move(tx, officer.change, officer.name, row.id, 'NOT_AWARD', { opinion: `${edition.editionName}结束评奖：不授奖` });
          }
          const f = fields.get(row.id);
          honours.push({
            editionId,
            prizeId: row.prizeId,
            declarationId: row.id,
            applicantId: row.applicantId,
            registrationNo: row.registrationNo,
            title: row.title,
            secrecy: row.secrecy,
            status,
            grade: status === 'AWARDED' ? row.awardGrade : null,
            gradeRank: status === 'AWARDED' ? gradeRank(row.awardGrade) : 99,
            certificateNo,
            completers: (f?.completers ?? []).map((c) => c.name).filter(Boolean),
            units: (f?.units ?? []).map((u) => u.unitName).filter(Boolean),
          });
        }
        await awardingRepo.insertHonours(tx, actor, honours);
        const awarded = honours.filter((h) => h.status === 'AWARDED').length;
        const notAwarded = honours.length - awarded;
        const closed = await awardingRepo.insertClosing(tx, actor, { editionId, closedBy: officer.name, awarded, notAwarded, at: new Date() });
        await recordOperation(tx, {
          module: AWARDING_MODULE,
          action: 'CLOSE',
          entityId: editionId,
          summary: `结束评奖：${edition.editionName}，授奖 ${awarded} 项，不授奖 ${notAwarded} 项，授奖名单已发布`,
          after: { closingId: closed.id, awarded, notAwarded, certificates: honours.filter((h) => h.certificateNo).map((h) => ({ declarationId: h.declarationId, certificateNo: h.certificateNo })) },
          actor,
          ip: officer.change.ip,
          requestId: officer.change.requestId,
        });
        return { awarded, notAwarded };
      });
      await deps.published(editionId);
      return result;
    },

    async page(filter: HonourFilter, page: PageParameter) {
      const found = await awardingRepo.page(db, filter, page);
      const names = await prizeNames(db, found.list.map((r) => r.prizeId));
      return { ...found, list: found.list.map((r) => ({ ...r, prizeName: names.get(r.prizeId) ?? '' })) };
    },

    /** The filtered list for the export, with the edition's name for the file. */
    async exportRows(filter: HonourFilter) {
      const edition = await editionOf(db, filter.editionId);
      const rows = await awardingRepo.all(db, filter, MAX_EXPORT_ROWS);
      const names = await prizeNames(db, rows.map((r) => r.prizeId));
      return { editionName: edition.editionName, rows: rows.map((r) => ({ ...r, prizeName: names.get(r.prizeId) ?? '' })) };
    },

    /**
     * What a certificate shows, for the office or the declaration's own applicant. Anyone else is
     * told it does not exist (404), so certificate ids cannot be probed; not awarded → 409.
     */
    async certificate(reader: CertificateReader, honourId: number) {
      const honour = await awardingRepo.findLive(db, honourId);
      if (!honour || (!reader.mayReadAll && honour.applicantId !== reader.userId)) throw errors.notFound('授奖证书');
      if (honour.status !== 'AWARDED' || !honour.certificateNo) throw errors.conflict(`申报书${labelOf({ ...honour, id: honour.declarationId })}未授奖，没有证书`);
      const edition = await editionOf(db, honour.editionId);
      const names = await prizeNames(db, [honour.prizeId]);
      return { honour, editionName: edition.editionName, prizeName: names.get(honour.prizeId) ?? '' };
    },

    async myHonours(applicantId: number) {
      const rows = await awardingRepo.awardedOf(db, applicantId);
      const editions = new Map((await deps.editions.among(db, rows.map((r) => r.editionId))).map((e) => [e.id, e.editionName]));
      const names = await prizeNames(db, rows.map((r) => r.prizeId));
      return rows.map((r) => ({ id: r.id, declarationId: r.declarationId, editionName: editions.get(r.editionId) ?? '', prizeName: names.get(r.prizeId) ?? '', title: r.title, grade: r.grade, certificateNo: r.certificateNo }));
    },
  };
}
export type AwardingService = ReturnType<typeof createAwardingService>;
export type { HonourRow };
