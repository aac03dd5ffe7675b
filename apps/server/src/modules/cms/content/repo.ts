import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { containingByValues, countOrEstimate, paginate } from '../../../core/pagination';
import { type auditColumns, createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { catalogNames } from '../catalog/module';
import { containingQueryOf } from '../search/module';
import { listColumns, shapedPage, shapeOf, type ContentFilter } from './listStatements';
import { cmsContent } from './tables';

export type ContentRow = typeof cmsContent.$inferSelect;
export type ContentFields = Omit<typeof cmsContent.$inferInsert, 'id' | 'searchDoc' | keyof typeof auditColumns>;


export type ContentListRow = Pick<ContentRow, keyof typeof listColumns>;

/** pg_trgm finds a `%…%` pattern through its index when the text holds a run of three letters or digits. */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/**
 * Titles containing the keyword. `%…%` cannot use a B-tree, so at a million articles a rare keyword read
 * the whole table. A keyword of three characters or more is found through the title's trigram index
 * (cms_content_title_trgm_idx), whose statistics the planner reads well: a common keyword walks the list's
 * order index instead of sorting its tens of thousands of matches. A two-character Han keyword has no
 * trigram; the article's search lexemes (GIN-indexed, title first) must hold its Han pieces, which narrows
 * it to the candidates. Either way the ILIKE keeps the answer exactly what it was.
 */
function titleContaining(keyword: string): SQL {
  const title = containing(cmsContent.title, keyword);
  if (TRIGRAM_RUN.test(keyword)) return title;
  const pieces = containingQueryOf(keyword);
  return pieces ? and(sql`${cmsContent.searchDoc} @@ ${pieces}::tsquery`, title)! : title;
}

/**
 * Articles by an author containing the text. Authors are a few editors' names repeated over a million
 * articles, often two characters (no trigram), so `author ILIKE '%…%'` read a large part of the table to
 * count its matches; the matching names are looked up in cms_content_author_idx instead (the same rows).
 */
const authorContaining = (ex: Executor, text: string) => containingByValues(ex, cmsContent.author, text, { partial: sql`del_flag = 0` });

/**
 * A publish-time range. `is_top` (never null) is named too, with both its values: the list's order index
 * (cms_content_console_list_idx) starts with is_top, and without a condition on it a publish-time range
 * could only filter the whole index (a million entries to count a week's articles); with it, the index
 * is entered once per value at the range's start (the same rows).
 */
function publishedWithin(from: Date | undefined, to: Date | undefined): SQL {
  return and(inArray(cmsContent.isTop, [true, false]), from ? gte(cmsContent.publishTime, from) : undefined, to ? lte(cmsContent.publishTime, to) : undefined)!;
}

const PUBLISHED = 'PUBLISHED';
/** Published, its time come, not deleted: what visitors may read. */
const publicNow = () => and(eq(cmsContent.status, PUBLISHED), lte(cmsContent.publishTime, new Date()), notDeleted(cmsContent));

/** Every query of articles; each takes the executor (database or open transaction) to run on. */
export const contentRepo = {
  async findLive(ex: Executor, id: number): Promise<ContentRow | undefined> {
    const [row] = await ex.select().from(cmsContent).where(and(eq(cmsContent.id, id), notDeleted(cmsContent))).limit(1);
    return row;
  },

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: cmsContent.id }).from(cmsContent).where(and(inArray(cmsContent.id, ids), notDeleted(cmsContent)))).map((r) => r.id);
  },

  /** A page of the back office's list, each row with its catalogue's name. */
  async page(ex: Executor, filter: ContentFilter, page: PageParameter) {
    const shape = shapeOf(filter);
    if (shape !== null) return shapedPage(ex, shape, filter, page);
    const where: SQL | undefined = and(
      notDeleted(cmsContent),
      filter.title ? titleContaining(filter.title) : undefined,
      filter.catalogIds ? inArray(cmsContent.catalogId, filter.catalogIds) : undefined,
      filter.status ? eq(cmsContent.status, filter.status) : undefined,
      filter.author ? await authorContaining(ex, filter.author) : undefined,
      filter.publishTimeFrom || filter.publishTimeTo ? publishedWithin(filter.publishTimeFrom, filter.publishTimeTo) : undefined,
    );
    const names = catalogNames(ex);
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select({ row: listColumns, catalogName: names.catalogName })
          .from(cmsContent)
          .leftJoin(names, eq(names.catalogId, cmsContent.catalogId))
          .where(where)
          // Newest first: by publish time, drafts without one by creation (cms_content_console_list_idx).
          .orderBy(desc(cmsContent.isTop), desc(cmsContent.publishTime), desc(cmsContent.createTime), desc(cmsContent.id))
          .limit(limit)
          .offset(offset),
      () => countOrEstimate(ex, cmsContent, where),
    );
  },

  async insert(ex: Executor, fields: ContentFields, actor: Actor): Promise<ContentRow> {
    const [row] = await ex.insert(cmsContent).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<ContentFields>, actor: Actor | null) => updateVersioned(ex, cmsContent, id, lockVersion, fields, actor, '文章'),

  /** Writes derived columns (body, search text) without touching the audit fields. */
  async set(ex: Executor, id: number, fields: Partial<ContentFields>): Promise<ContentRow> {
    const [row] = await ex.update(cmsContent).set(fields).where(eq(cmsContent.id, id)).returning();
    return row!;
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsContent, id, lockVersion, actor, '文章'),

  /** Scheduled articles whose time has come. */
  async dueIds(ex: Executor, now: Date): Promise<number[]> {
    const rows = await ex
      .select({ id: cmsContent.id })
      .from(cmsContent)
      .where(and(eq(cmsContent.status, 'SCHEDULED'), lte(cmsContent.publishTime, now), notDeleted(cmsContent)));
    return rows.map((r) => r.id);
  },

  /**
   * Publishes a scheduled article, claiming it by its status so two instances never publish one twice;
   * undefined when another got there first.
   */
  async publishDue(ex: Executor, before: ContentRow, now: Date): Promise<ContentRow | undefined> {
    const [row] = await ex
      .update(cmsContent)
      .set({ status: PUBLISHED, updateTime: new Date(), updateBy: 'system', updateById: null, lockVersion: before.lockVersion + 1 })
      .where(and(eq(cmsContent.id, before.id), eq(cmsContent.status, 'SCHEDULED'), lte(cmsContent.publishTime, now)))
      .returning();
    return row;
  },

  /** Articles without search text, in id order after `afterId`. */
  withoutSearchText: (ex: Executor, afterId: number, limit: number) =>
    ex
      .select({ id: cmsContent.id, title: cmsContent.title, subject: cmsContent.subject, summary: cmsContent.summary, body: cmsContent.body })
      .from(cmsContent)
      .where(and(eq(cmsContent.searchText, ''), gt(cmsContent.id, afterId)))
      .orderBy(asc(cmsContent.id))
      .limit(limit),

  async countInCatalog(ex: Executor, catalogId: number): Promise<number> {
    return Number((await ex.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.catalogId, catalogId), eq(cmsContent.delFlag, 0))))[0]!.n);
  },

  /** What visitors may read of articles now (a subquery the portal's reads select from). */
  publishedContents: (ex: Executor) =>
    ex
      .select({
        contentId: cmsContent.id,
        siteId: cmsContent.siteId,
        catalogId: cmsContent.catalogId,
        title: cmsContent.title,
        subject: cmsContent.subject,
        summary: cmsContent.summary,
        body: cmsContent.body,
        author: cmsContent.author,
        source: cmsContent.source,
        isTop: cmsContent.isTop,
        sort: cmsContent.sort,
        viewCount: cmsContent.viewCount,
        publishTime: cmsContent.publishTime,
        coverFileId: cmsContent.coverFileId,
        linkUrl: cmsContent.linkUrl,
        searchDoc: cmsContent.searchDoc,
      })
      .from(cmsContent)
      .where(publicNow())
      .as('published_content'),

  /** Counts a view of a still-published article; null when it is not (any more). */
  async countView(ex: Executor, contentId: number): Promise<number | null> {
    const rows = await ex
      .update(cmsContent)
      .set({ viewCount: sql`${cmsContent.viewCount} + 1` })
      .where(and(eq(cmsContent.id, contentId), publicNow()))
      .returning({ viewCount: cmsContent.viewCount });
    return rows[0]?.viewCount ?? null;
  },
};
