import type { Executor } from '../../../core/db';
import { publicityRepo, type PublicityRow } from './repo';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';

/** Edition and prize names of a list of rows, read once. */
export async function namesOf(ex: Executor, rows: ReadonlyArray<{ editionId: number; prizeId: number }>) {
  const editions = new Map((await editionDirectory.among(ex, rows.map((r) => r.editionId))).map((e) => [e.id, e.editionName]));
  const prizes = new Map((await prizeDirectory.liveAmong(ex, [...new Set(rows.map((r) => r.prizeId))])).map((p) => [p.id, p.prizeName]));
  return { edition: (id: number) => editions.get(id) ?? '', prize: (id: number) => prizes.get(id) ?? '' };
}

/** What the office's list and the portal both show of a publicity: its window, names and entry count. */
export async function publicityCards(ex: Executor, rows: PublicityRow[]) {
  const names = await namesOf(ex, rows);
  const counts = await publicityRepo.entryCounts(ex, rows.map((r) => r.id));
  return rows.map((r) => ({
    row: r,
    card: {
      publicityId: r.id,
      editionId: r.editionId,
      editionName: names.edition(r.editionId),
      prizeId: r.prizeId,
      prizeName: names.prize(r.prizeId),
      kind: r.kind,
      title: r.title,
      note: r.note,
      startDate: r.startDate,
      endDate: r.endDate,
      dayKind: r.dayKind,
      days: r.days,
      entryCount: counts.get(r.id) ?? 0,
    },
  }));
}
