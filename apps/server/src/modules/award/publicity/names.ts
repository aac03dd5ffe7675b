import type { Executor } from '../../../core/db';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';

/** Edition and prize names of a list of rows, read once. */
export async function namesOf(ex: Executor, rows: ReadonlyArray<{ editionId: number; prizeId: number }>) {
  const editions = new Map((await editionDirectory.among(ex, rows.map((r) => r.editionId))).map((e) => [e.id, e.editionName]));
  const prizes = new Map((await prizeDirectory.liveAmong(ex, [...new Set(rows.map((r) => r.prizeId))])).map((p) => [p.id, p.prizeName]));
  return { edition: (id: number) => editions.get(id) ?? '', prize: (id: number) => prizes.get(id) ?? '' };
}
