import type { PageParameter } from '@dandelion/shared';
import type { EditionPhase } from '@dandelion/shared/award/edition';
import { EDITION_STAGES } from '@dandelion/shared/award/edition';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { LastStretch, PublicDeclaration } from '../declaration/module';
import { phaseOn, stageWindow, type EditionDirectory, type EditionRow } from '../edition/module';
import type { PrizeDirectory } from '../prize/module';
import type { AwardPortalCache } from './portalCache';

export interface PublicPagesDeps {
  db: Db;
  today: () => string;
  editions: Pick<EditionDirectory, 'find' | 'among' | 'previous'>;
  prizes: Pick<PrizeDirectory, 'liveAmong'>;
  declarations: Pick<LastStretch, 'awardedPage' | 'publicFields'>;
  portal: AwardPortalCache;
}

/** Phases whose guide a visitor can still act on: published and before or inside the declaration window. */
const GUIDE_PHASES: readonly EditionPhase[] = ['PREPARING', 'DECLARING'];
/** Open editions are among the newest: the directory answers the newest this many by year. */
const GUIDE_CANDIDATES = 50;
const EXCERPT_LENGTH = 120;

const isPublic = (row: PublicDeclaration) => row.status === 'AWARDED' && (row.secrecy === null || row.secrecy === 'PUBLIC') && (row.secrecyLevel === null || row.secrecyLevel === 'PUBLIC');

/**
 * The anonymous reads of the portal's prize pages, each answered from the portal cache: the guides of
 * the open editions (/apply) and the awarded, public achievements (/show). Everything is read through
 * the edition, prize and declaration facades; nothing here owns a table.
 */
export function createPublicPages(deps: PublicPagesDeps) {
  const { db, portal } = deps;

  /** The published editions not past their declaration window, nearest declaration first. */
  async function openEditions(ex: Executor): Promise<Array<EditionRow & { phase: EditionPhase }>> {
    const date = deps.today();
    // `previous` answers the newest editions before a year: before 10000 is the newest of all.
    const candidates = await deps.editions.previous(ex, 10_000, GUIDE_CANDIDATES);
    return candidates
      .map((edition) => ({ ...edition, phase: phaseOn(edition, date) }))
      .filter((edition) => edition.published && GUIDE_PHASES.includes(edition.phase))
      .sort((a, b) => (stageWindow(a.stages, 'DECLARATION')?.startDate ?? '9999').localeCompare(stageWindow(b.stages, 'DECLARATION')?.startDate ?? '9999') || b.id - a.id);
  }

  async function guideOf(ex: Executor, edition: EditionRow & { phase: EditionPhase }, prizeIds: number[]) {
    const prizes = (await deps.prizes.liveAmong(ex, prizeIds)).filter((p) => p.status === 'NORMAL').sort((a, b) => a.sort - b.sort || a.id - b.id);
    const window = stageWindow(edition.stages, 'DECLARATION');
    const text = (edition.guide ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
    return {
      editionId: edition.id,
      editionName: edition.editionName,
      year: edition.year,
      phase: edition.phase,
      declarationStart: window?.startDate ?? null,
      declarationEnd: window?.endDate ?? null,
      excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text,
      prizes: prizes.map((p) => ({ prizeId: p.id, prizeName: p.prizeName, kind: p.kind, guide: p.guide })),
    };
  }

  /** Edition and prize names of the achievements' cards, then each card as the portal shows it. */
  async function present(ex: Executor, rows: PublicDeclaration[]) {
    const editions = new Map((await deps.editions.among(ex, rows.map((r) => r.editionId))).map((e) => [e.id, e.editionName]));
    const prizes = new Map((await deps.prizes.liveAmong(ex, [...new Set(rows.map((r) => r.prizeId))])).map((p) => [p.id, p.prizeName]));
    return rows.map((row) => ({
      achievementId: row.id,
      title: row.title ?? '',
      editionId: row.editionId,
      editionName: editions.get(row.editionId) ?? '',
      prizeId: row.prizeId,
      prizeName: prizes.get(row.prizeId) ?? '',
      awardGrade: row.awardGrade,
      firstCompleter: row.firstCompleter,
      unitOrgName: row.unitOrgName,
    }));
  }

  return {
    guidePage: (page: PageParameter) =>
      portal.read(`guide:page:${page.pageNum}:${page.pageSize}:${deps.today()}`, async () => {
        const open = await openEditions(db);
        const slice = open.slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);
        const list = [];
        for (const edition of slice) {
          const found = await deps.editions.find(db, edition.id);
          const { prizes, ...row } = await guideOf(db, edition, found?.prizeIds ?? []);
          list.push({ ...row, prizes: prizes.map(({ guide: _guide, ...p }) => p) });
        }
        return { list, total: open.length, pageNum: page.pageNum, pageSize: page.pageSize };
      }),

    /** One open edition's guide; an unpublished, finished or missing edition is 404 (the portal shows none of them). */
    guideDetail: (editionId: number) =>
      portal.read(`guide:detail:${editionId}:${deps.today()}`, async () => {
        const found = await deps.editions.find(db, editionId);
        const phase = found ? phaseOn(found, deps.today()) : null;
        if (!found || !found.published || !phase || !GUIDE_PHASES.includes(phase)) throw errors.notFound('申报指南');
        const guide = await guideOf(db, { ...found, phase }, found.prizeIds);
        const stages = EDITION_STAGES.map((stage) => {
          const dated = found.stages.find((s) => s.stage === stage);
          return { stage, startDate: dated?.startDate ?? null, endDate: dated?.endDate ?? null };
        }).filter((s) => s.startDate || s.endDate);
        return { ...guide, guide: found.guide, stages };
      }),

    achievementPage: (filter: { editionId?: number; prizeId?: number; keyword?: string }, page: PageParameter) =>
      portal.read(`show:page:${JSON.stringify([filter.editionId ?? '', filter.prizeId ?? '', filter.keyword ?? '', page.pageNum, page.pageSize])}`, async () => {
        const { rows, total } = await deps.declarations.awardedPage(db, { ...filter, page: page.pageNum, size: page.pageSize });
        const fields = await deps.declarations.publicFields(db, rows.map((r) => r.id));
        const byId = new Map(fields.filter(isPublic).map((f) => [f.id, f]));
        // The page keeps awardedPage's order (newest edition first).
        const list = await present(db, rows.map((r) => byId.get(r.id)).filter((f): f is PublicDeclaration => !!f));
        return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
      }),

    /** An awarded, public achievement; anything else (not awarded, classified, missing) is 404. */
    achievementDetail: (id: number) =>
      portal.read(`show:detail:${id}`, async () => {
        const [row] = await deps.declarations.publicFields(db, [id]);
        if (!row || !isPublic(row)) throw errors.notFound('成果');
        const [card] = await present(db, [row]);
        return {
          ...card!,
          keywords: row.keywords,
          completers: row.completers.map((c) => ({ name: c.name, unitName: c.unitName })),
          units: row.units.map((u) => u.unitName).filter(Boolean),
          summaryHtml: row.summaryHtml,
          applicationHtml: row.applicationHtml,
        };
      }),

    /** The achievement a purchase intention names, if the portal shows it (read in the caller's transaction). */
    async shownAchievement(ex: Executor, id: number): Promise<PublicDeclaration | null> {
      const [row] = await deps.declarations.publicFields(ex, [id]);
      return row && isPublic(row) ? row : null;
    },
  };
}
export type PublicPages = ReturnType<typeof createPublicPages>;
