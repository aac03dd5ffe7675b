import type { PageParameter } from '@dandelion/shared';
import { PRIZE_GRADES } from '@dandelion/shared/award/prize';
import type { PublicityKind } from '@dandelion/shared/award/publicity';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { PublicityDeps } from './deps';
import { namesOf, publicityCards } from './names';
import type { PortalPublicityCache } from './portalCache';
import { publicityRepo, type PublicityRow } from './repo';
import { entryOut } from './snapshot';

const SHOWN = ['OPEN', 'CLOSED'] as const;

interface PortalFilter {
  editionId?: number;
  prizeId?: number;
  keyword?: string;
}

/** The portal's reads: open and closed publicities, the award results and the applicant's own results. */
export function createPortalPublicityService(deps: Pick<PublicityDeps, 'db' | 'declarations'>, cache: PortalPublicityCache) {
  const { db, declarations } = deps;

  async function cardsOf(ex: Executor, rows: PublicityRow[]) {
    return (await publicityCards(ex, rows)).map(({ row, card }) => ({ ...card, status: row.status as (typeof SHOWN)[number] }));
  }

  async function withEntries(ex: Executor, rows: PublicityRow[]) {
    const cards = await cardsOf(ex, rows);
    return Promise.all(cards.map(async (card) => ({ ...card, entries: (await publicityRepo.entries(ex, card.publicityId)).map((e) => ({ ...entryOut(e), entryId: e.id })) })));
  }

  const keyOf = (call: string, input: unknown) => `${call}:${JSON.stringify(input)}`;

  return {
    byEditionPrize: (editionId: number, prizeId: number) =>
      cache.read(keyOf('byEditionPrize', { editionId, prizeId }), async () => withEntries(db, await publicityRepo.page(db, { editionId, prizeId, statuses: SHOWN }, 50, 0))),

    page: (input: PortalFilter & { kind?: PublicityKind; pageParameter: PageParameter }) =>
      cache.read(keyOf('page', input), async () => {
        const filter = { editionId: input.editionId, prizeId: input.prizeId, kind: input.kind, keyword: input.keyword, statuses: SHOWN };
        const page = await paginate(input.pageParameter, (limit, offset) => publicityRepo.page(db, filter, limit, offset), () => publicityRepo.count(db, filter));
        return { ...page, list: await cardsOf(db, page.list) };
      }),

    detail: (publicityId: number) =>
      cache.read(keyOf('detail', publicityId), async () => {
        const row = await publicityRepo.find(db, publicityId);
        if (!row || !(SHOWN as readonly string[]).includes(row.status)) throw errors.notFound('公示');
        return (await withEntries(db, [row]))[0]!;
      }),

    /** Awarded, public declarations, newest edition first and by grade within it. */
    awardResults: (input: PortalFilter & { pageParameter: PageParameter }) =>
      cache.read(keyOf('awardResults', input), async () => {
        const { pageNum, pageSize } = input.pageParameter;
        const { rows, total } = await declarations.awardedPage(db, { editionId: input.editionId, prizeId: input.prizeId, keyword: input.keyword, page: pageNum, size: pageSize });
        const names = await namesOf(db, rows);
        const rank = (g: string | null) => (g ? PRIZE_GRADES.indexOf(g as (typeof PRIZE_GRADES)[number]) : PRIZE_GRADES.length);
        const sorted = [...rows].sort((a, b) => b.editionId - a.editionId || rank(a.awardGrade) - rank(b.awardGrade) || (a.registrationNo ?? '').localeCompare(b.registrationNo ?? ''));
        return {
          total,
          pageNum,
          pageSize,
          list: sorted.map((d) => ({
            declarationId: d.id,
            editionId: d.editionId,
            editionName: names.edition(d.editionId),
            prizeId: d.prizeId,
            prizeName: names.prize(d.prizeId),
            title: d.title,
            registrationNo: d.registrationNo,
            firstCompleter: d.firstCompleter,
            grade: d.awardGrade,
          })),
        };
      }),

    /** The editions and prizes that have a shown publicity: the /query page's filters. */
    filters: () =>
      cache.read('filters', async () => {
        const rows = await publicityRepo.page(db, { statuses: SHOWN }, 1000, 0);
        const names = await namesOf(db, rows);
        const editions = [...new Set(rows.map((r) => r.editionId))].map((id) => ({ editionId: id, editionName: names.edition(id) })).filter((e) => e.editionName);
        const prizes = [...new Set(rows.map((r) => r.prizeId))].map((id) => ({ prizeId: id, prizeName: names.prize(id) })).filter((p) => p.prizeName);
        return { editions, prizes };
      }),

    /**
     * The signed-in applicant's declarations that a publicity took up (shown or left out as classified),
     * with their status and grade now. Not cached: it is one person's and changes with each move.
     */
    async myResults(applicantId: number) {
      const ids = new Set(await publicityRepo.declarationsOfApplicant(db, applicantId));
      for (const { leftOut } of await publicityRepo.leftOutLists(db)) for (const l of leftOut) if (l.applicantId === applicantId) ids.add(l.declarationId);
      const cards = (await declarations.cards(db, [...ids])).filter((c) => c.applicantId === applicantId);
      const names = await namesOf(db, cards);
      return cards
        .sort((a, b) => b.editionId - a.editionId || b.id - a.id)
        .map((c) => ({
          declarationId: c.id,
          editionName: names.edition(c.editionId),
          prizeName: names.prize(c.prizeId),
          title: c.title,
          registrationNo: c.registrationNo,
          status: c.status,
          grade: c.awardGrade,
        }));
    },
  };
}
export type PortalPublicityService = ReturnType<typeof createPortalPublicityService>;
