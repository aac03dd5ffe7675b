import type { EditionPhase, EditionStage, EditionStageDates } from '@dandelion/shared/award/edition';

type Dated = Pick<EditionStageDates, 'stage' | 'startDate' | 'endDate'>;

/** The stage's dates, when both are set. */
export function stageWindow(stages: readonly Dated[], stage: EditionStage): { startDate: string; endDate: string } | null {
  const found = stages.find((s) => s.stage === stage);
  return found?.startDate && found.endDate ? { startDate: found.startDate, endDate: found.endDate } : null;
}

/** The last day any stage ends on (dates compare as YYYY-MM-DD strings), or null when none is dated. */
function lastDay(stages: readonly Dated[]): string | null {
  return stages.reduce<string | null>((last, s) => (s.endDate && (!last || s.endDate > last) ? s.endDate : last), null);
}

/**
 * The phase an edition is in on a Beijing date: unpublished editions, and published ones before
 * their declaration opens, are preparing; the declaration window (both days inclusive) is
 * declaring; after it the edition is reviewing until its last stage has ended.
 */
export function phaseOn(edition: { published: boolean; stages: readonly Dated[] }, today: string): EditionPhase {
  const declaration = stageWindow(edition.stages, 'DECLARATION');
  if (!edition.published || !declaration || today < declaration.startDate) return 'PREPARING';
  if (today <= declaration.endDate) return 'DECLARING';
  const end = lastDay(edition.stages);
  return end && today > end ? 'FINISHED' : 'REVIEWING';
}

/** The stages of a form, in the edition's order, each present once (missing ones undated). */
export function normaliseStages(stages: readonly Dated[], order: readonly EditionStage[]): EditionStageDates[] {
  return order.map((stage) => {
    const found = stages.find((s) => s.stage === stage);
    return { stage, startDate: found?.startDate ?? null, endDate: found?.endDate ?? null };
  });
}
