import type { PageParameter } from '@dandelion/shared';
import { DECLARATION_STEP_LABELS, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import type { DeclarationContent } from '@dandelion/shared/award/declarationContent';
import { DECLARATION_SECTIONS } from '@dandelion/shared/award/prize';
import type { Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { actorOf, type DeclarationContext, type DeclarationDeps, type Viewer } from './context';
import { declarationRepo, orgScopeCondition, type DeclarationFilter } from './repo';
import { awardDeclaration as declarationTable } from './tables';
import { moveDeclaration, type DeclarationMove, type DeclarationRow } from './transition';

export interface QueueFilter {
  editionId?: number;
  prizeId?: number;
  keyword?: string;
  scope: 'PENDING' | 'ALL';
}
export interface LevelDecision {
  decision: 'APPROVE' | 'RETURN';
  opinion?: string | null;
}
export interface FormalDecision {
  outcome: 'ACCEPT' | 'RETURN_FOR_FIX' | 'REJECT';
  opinion?: string | null;
  reasons: string[];
  checklist: string[];
  fixDays?: number;
}

/** States a level's "all" list shows: what reached it at some point (its queue, and everything after it). */
const PAST_UNIT: readonly DeclarationStatus[] = ['SUBMITTED', 'UNIT_RETURNED', 'UNIT_APPROVED', 'NOMINATOR_RETURNED', 'NOMINATED', 'FORMAL_RETURNED', 'ACCEPTED', 'NOT_ACCEPTED', 'IN_REVIEW', 'REVIEWED', 'ELIMINATED', 'DEFERRED', 'IN_COMMITTEE', 'PROPOSED', 'IN_RESULT_PUBLICITY', 'OBJECTION_HOLD', 'AWARDED', 'NOT_AWARDED'];
const PAST_NOMINATOR = PAST_UNIT.filter((s) => s !== 'SUBMITTED' && s !== 'UNIT_RETURNED');
const PAST_FORMAL = PAST_NOMINATOR.filter((s) => s !== 'UNIT_APPROVED' && s !== 'NOMINATOR_RETURNED');

const requireOpinion = (opinion: string | null | undefined): string => {
  if (!opinion?.trim()) throw errors.badRequest('请填写审核意见', { field: 'opinion' });
  return opinion.trim();
};

/** Short text of a value for the change list. */
function render(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim() : Array.isArray(value) ? value.join('、') : String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Leaves of a JSON value by dotted path (arrays of scalars are one leaf). */
function leaves(value: unknown, path: string, out: Map<string, unknown>) {
  if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) value.forEach((v, i) => leaves(v, path ? `${path}.${i}` : String(i), out));
  else if (value !== null && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  else out.set(path, value);
}

/** What changed between the content as returned and now, per section and field path. */
export function contentChanges(before: DeclarationContent, after: DeclarationContent) {
  const changes: Array<{ section: (typeof DECLARATION_SECTIONS)[number]; field: string; before: string | null; after: string | null }> = [];
  for (const section of DECLARATION_SECTIONS) {
    const a = new Map<string, unknown>();
    const b = new Map<string, unknown>();
    leaves(before[section], '', a);
    leaves(after[section], '', b);
    for (const field of new Set([...a.keys(), ...b.keys()])) {
      const was = render(a.get(field));
      const now = render(b.get(field));
      if (JSON.stringify(a.get(field) ?? null) !== JSON.stringify(b.get(field) ?? null) && (was !== now || was === null)) changes.push({ section, field, before: was, after: now });
    }
  }
  return changes;
}

/** The unit's and the nominator's reviews, and the office's formal review. */
export function createReviewService(deps: DeclarationDeps, ctx: DeclarationContext) {
  const { db, events, workingDays, today } = deps;

  async function queue(viewer: Viewer, filter: QueueFilter, page: PageParameter, level: Pick<DeclarationFilter, 'scope' | 'statuses' | 'status'>) {
    const result = await declarationRepo.page(db, { editionId: filter.editionId, prizeId: filter.prizeId, keyword: filter.keyword, ...level }, page);
    return { ...result, list: await ctx.presentRows(db, viewer, result.list) };
  }

  /** Loads a declaration a level may act on: readable (else 404), in the expected state (else 409). */
  async function atLevel(tx: Tx, viewer: Viewer, id: number, status: DeclarationStatus, inScope: (row: DeclarationRow) => Promise<boolean>) {
    const row = await ctx.readable(tx, viewer, id, true);
    if (!(await inScope(row))) throw errors.notFound('申报书');
    if (row.status !== status) throw errors.conflict(`申报书当前状态为「${ctx.stepOf(row)}」，不能办理`);
    return row;
  }

  async function move(tx: Tx, viewer: Viewer, row: DeclarationRow, lockVersion: number, m: DeclarationMove, extra: Record<string, unknown> = {}) {
    const after = await moveDeclaration(tx, events, row, lockVersion, m, actorOf(viewer), viewer.name);
    await ctx.log(tx, viewer, 'UPDATE', after, `${DECLARATION_STEP_LABELS[m.action]}：${row.title ?? ''}（登记号 ${row.registrationNo ?? ''}）`, ctx.brief(row), { ...ctx.brief(after), ...extra });
    return ctx.presentDetail(tx, viewer, after);
  }

  return {
    unitPage: (viewer: Viewer, filter: QueueFilter, page: PageParameter) =>
      queue(viewer, filter, page, { scope: orgScopeCondition(declarationTable.unitOrgId, viewer.scope), ...(filter.scope === 'PENDING' ? { status: 'SUBMITTED' } : { statuses: PAST_UNIT }) }),

    nominationPage: (viewer: Viewer, filter: QueueFilter, page: PageParameter) =>
      queue(viewer, filter, page, { scope: orgScopeCondition(declarationTable.nominatorOrgId, viewer.scope), ...(filter.scope === 'PENDING' ? { status: 'UNIT_APPROVED' } : { statuses: PAST_NOMINATOR }) }),

    formalPage: (viewer: Viewer, filter: QueueFilter, page: PageParameter) =>
      queue(viewer, filter, page, filter.scope === 'PENDING' ? { status: 'NOMINATED' } : { statuses: PAST_FORMAL }),

    unitReview: (viewer: Viewer, id: number, lockVersion: number, decision: LevelDecision) =>
      withTransaction(db, async (tx) => {
        const row = await atLevel(tx, viewer, id, 'SUBMITTED', (r) => ctx.reaches(tx, viewer, r.unitOrgId));
        const edition = await ctx.editionOf(tx, row.editionId);
        if (decision.decision === 'APPROVE') {
          return move(tx, viewer, row, lockVersion, { action: 'UNIT_APPROVE', to: edition.nominatorReview ? 'UNIT_APPROVED' : 'NOMINATED', opinion: decision.opinion ?? null });
        }
        return move(tx, viewer, row, lockVersion, { action: 'UNIT_RETURN', to: 'UNIT_RETURNED', opinion: requireOpinion(decision.opinion), keepAsNote: true, set: { revocation: null } });
      }),

    nominate: (viewer: Viewer, id: number, lockVersion: number, decision: LevelDecision) =>
      withTransaction(db, async (tx) => {
        const row = await atLevel(tx, viewer, id, 'UNIT_APPROVED', (r) => ctx.reaches(tx, viewer, r.nominatorOrgId));
        if (decision.decision === 'APPROVE') return move(tx, viewer, row, lockVersion, { action: 'NOMINATE', to: 'NOMINATED', opinion: decision.opinion ?? null });
        return move(tx, viewer, row, lockVersion, { action: 'NOMINATOR_RETURN', to: 'NOMINATOR_RETURNED', opinion: requireOpinion(decision.opinion), keepAsNote: true, set: { revocation: null } });
      }),

    audit: (viewer: Viewer, id: number, lockVersion: number, decision: FormalDecision) =>
      withTransaction(db, async (tx) => {
        const row = await atLevel(tx, viewer, id, 'NOMINATED', async () => true);
        const extra = { checklist: decision.checklist };
        if (decision.outcome === 'ACCEPT') return move(tx, viewer, row, lockVersion, { action: 'ACCEPT', to: 'ACCEPTED', opinion: decision.opinion ?? null, keepAsNote: true }, extra);
        if (decision.outcome === 'RETURN_FOR_FIX') {
          const opinion = requireOpinion(decision.opinion);
          const edition = await ctx.editionOf(tx, row.editionId);
          const deadline = await workingDays.within(tx).addWorkingDays(today(), decision.fixDays ?? edition.fixDeadlineWorkingDays);
          return move(
            tx,
            viewer,
            row,
            lockVersion,
            {
              action: 'RETURN_FOR_FIX',
              to: 'FORMAL_RETURNED',
              opinion,
              deadline,
              keepAsNote: true,
              set: { fixDeadline: deadline, returnedContent: row.content, returnedAt: new Date(), revocation: null },
            },
            extra,
          );
        }
        if (!decision.reasons.length) throw errors.badRequest('请选择不予受理的理由', { field: 'reasons' });
        const known = new Set((await deps.rejectReasons(tx)).map((r) => r.code));
        const unknown = decision.reasons.find((code) => !known.has(code));
        if (unknown) throw errors.badRequest(`不予受理理由「${unknown}」不在字典中`, { field: 'reasons' });
        return move(tx, viewer, row, lockVersion, { action: 'REJECT', to: 'NOT_ACCEPTED', opinion: decision.opinion ?? null, reasons: [...new Set(decision.reasons)], keepAsNote: true, set: { revocation: null } }, extra);
      }),

    async changes(viewer: Viewer, id: number) {
      const row = await ctx.readable(db, viewer, id);
      if (!row.returnedContent) return { returnedAt: null, changes: [] };
      return { returnedAt: row.returnedAt, changes: contentChanges(row.returnedContent, row.content) };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
