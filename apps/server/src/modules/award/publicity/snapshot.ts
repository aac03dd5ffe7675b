import { PRIZE_KINDS, type PrizeKind } from '@dandelion/shared/award/prize';
import { DEFAULT_PUBLICITY_FIELDS, PUBLICITY_SOURCE_STATUSES, type PublicityField, type PublicityKind } from '@dandelion/shared/award/publicity';
import { SECRECY_LEVEL_LABELS } from '@dandelion/shared/award/declarationContent';
import type { Executor } from '../../../core/db';
import type { LastStretch, PublicDeclaration } from '../declaration/module';
import { publicityRepo, type EntryValues } from './repo';
import type { LeftOutDeclaration } from './tables';

/** The fields each prize kind shows: the saved setting, else the defaults. */
export async function fieldSettings(ex: Executor): Promise<Array<{ prizeKind: PrizeKind; fields: PublicityField[]; lockVersion: number }>> {
  const saved = new Map((await publicityRepo.settings(ex)).map((s) => [s.prizeKind, s]));
  return PRIZE_KINDS.map((prizeKind) => {
    const row = saved.get(prizeKind);
    return { prizeKind, fields: row ? row.fields : [...DEFAULT_PUBLICITY_FIELDS], lockVersion: row?.lockVersion ?? 0 };
  });
}

/** Why a declaration may not be shown: its secrecy is anything but public (内部 or 涉密). */
function classifiedReason(declaration: PublicDeclaration): string | null {
  const level = declaration.secrecyLevel ?? (declaration.secrecy as PublicDeclaration['secrecyLevel']);
  if (!level || level === 'PUBLIC') return null;
  return `密级为「${SECRECY_LEVEL_LABELS[level] ?? level}」，不予公示`;
}

/**
 * What a publicity of an edition's prize would show now: the declarations in the kind's source
 * states, by registration number, each reduced to the fields the prize kind allows. Classified
 * declarations are left out and listed with the reason (the office's eyes only).
 */
export async function snapshotOf(
  ex: Executor,
  declarations: LastStretch,
  input: { editionId: number; prizeId: number; prizeKind: PrizeKind; kind: PublicityKind },
): Promise<{ entries: EntryValues[]; leftOut: LeftOutDeclaration[] }> {
  const cards = await declarations.inStates(ex, { editionId: input.editionId, prizeId: input.prizeId, statuses: PUBLICITY_SOURCE_STATUSES[input.kind] });
  const order = new Map(cards.map((c, i) => [c.id, i]));
  const publics = (await declarations.publicFields(ex, cards.map((c) => c.id))).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const shown = new Set((await fieldSettings(ex)).find((s) => s.prizeKind === input.prizeKind)!.fields);
  const entries: EntryValues[] = [];
  const leftOut: LeftOutDeclaration[] = [];
  for (const d of publics) {
    const reason = classifiedReason(d);
    if (reason) {
      leftOut.push({ declarationId: d.id, registrationNo: d.registrationNo, reason, applicantId: d.applicantId });
      continue;
    }
    entries.push({
      declarationId: d.id,
      applicantId: d.applicantId,
      sort: entries.length + 1,
      title: d.title,
      registrationNo: d.registrationNo,
      completers: shown.has('completers') ? d.completers.map((c) => c.name).filter(Boolean) : null,
      units: shown.has('units') ? d.units.map((u) => u.unitName).filter(Boolean) : null,
      grade: input.kind === 'RESULT' && shown.has('grade') ? (d.awardGrade ?? d.proposedGrade) : null,
      disciplineCodes: shown.has('disciplines') ? d.disciplineCodes : null,
      category: shown.has('category') ? d.category : null,
      keywords: shown.has('keywords') ? d.keywords : null,
      summaryHtml: shown.has('summary') ? d.summaryHtml : null,
      applicationHtml: shown.has('application') ? d.applicationHtml : null,
    });
  }
  return { entries, leftOut };
}

/** An entry as the contracts answer it. */
export function entryOut(entry: EntryValues & { id?: number }) {
  return {
    ...(entry.id === undefined ? {} : { entryId: entry.id }),
    declarationId: entry.declarationId,
    sort: entry.sort,
    title: entry.title ?? null,
    registrationNo: entry.registrationNo ?? null,
    completers: entry.completers ?? null,
    units: entry.units ?? null,
    grade: entry.grade ?? null,
    disciplineCodes: entry.disciplineCodes ?? null,
    category: (entry.category ?? null) as PublicDeclaration['category'],
    keywords: entry.keywords ?? null,
    summaryHtml: entry.summaryHtml ?? null,
    applicationHtml: entry.applicationHtml ?? null,
  };
}
