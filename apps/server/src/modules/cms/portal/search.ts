import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { likePattern } from '../../../core/sql';
import { publishedContents } from '../content/module';
import { plainTextOf, searchQueryOf } from '../search/module';
import { inCatalogs, listColumns, type ContentRow } from './repo';

/** The words of a keyword as typed (a title "hits" when it holds every one of them). */
export function keywordWords(keyword: string): string[] {
  return [...new Set(keyword.normalize('NFKC').split(/[\s\p{P}\p{S}]+/u).filter(Boolean))];
}

/**
 * Full-text search over the bigram index (cms/search/bigrams.ts): the GIN-indexed search_doc must
 * hold every piece of the keyword. Articles whose title holds the keyword come first, then newest.
 */
export function createPortalSearch(db: Executor) {
  return {
    async page(keyword: string, catalogIds: number[], limit: number, offset: number): Promise<{ rows: Array<ContentRow & { bodyText: string }>; total: number }> {
      const query = searchQueryOf(keyword);
      if (!query || !catalogIds.length) return { rows: [], total: 0 };
      const p = publishedContents(db);
      const where = and(inCatalogs(p, catalogIds), sql`${p.searchDoc} @@ ${query}::tsquery`);
      const words = keywordWords(keyword);
      const titleHit: SQL = words.length ? sql`case when ${and(...words.map((w) => sql`${p.title} ilike ${likePattern(w)}`))} then 1 else 0 end` : sql`0`;
      // The total rides along as a window over the same scan: a common word matches thousands of
      // articles, and a separate count would read them all a second time.
      const ranked = await db
        .select({ ...listColumns(p), total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(p)
        .where(where)
        .orderBy(desc(titleHit), desc(p.publishTime), desc(p.contentId))
        .limit(limit)
        .offset(offset);
      const total = ranked.length
        ? ranked[0]!.total
        : offset > 0
          ? ((await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(p).where(where))[0]?.n ?? 0)
          : 0;
      const rows = ranked.map(({ total: _t, ...row }) => row);
      // The body is read only for the page's own rows, for the excerpt of articles without a summary.
      const needBody = rows.filter((r) => !r.summary).map((r) => r.contentId);
      const bodies = needBody.length
        ? await db.select({ id: p.contentId, body: p.body }).from(p).where(needBody.length === 1 ? eq(p.contentId, needBody[0]!) : inArray(p.contentId, needBody))
        : [];
      const bodyText = new Map(bodies.map((b) => [b.id, plainTextOf(b.body)]));
      return { rows: rows.map((r) => ({ ...(r as ContentRow), bodyText: bodyText.get(r.contentId) ?? '' })), total };
    },
  };
}
export type PortalSearch = ReturnType<typeof createPortalSearch>;
