import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, type SQL } from 'drizzle-orm';
import { countRichTextCharacters, CONTENT_BODY_MAX, richTextLimitMessage, type PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { sanitizeRichText } from '../../../core/richText';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService } from '../../file/service';
import { cmsCatalog } from '../catalog/schema';
import type { PortalCache } from '../portalCache';
import { plainTextOf, searchTextOf } from '../search/bigrams';
import { articleFilesOf, setArticleFilesVisibility, syncArticleFiles, visibilityOf } from './articleFiles';
import { catalogNameOf, catalogRefOf, catalogSubtreeIds } from './catalogs';
import { assertCanOffline, editedPublishTime, publishStep } from './lifecycle';
import type { ContentFilter, ContentInput } from './schemas';
import { cmsContent } from './schema';
import { likePattern } from '../../../core/sql';

export const CONTENT_MODULE = 'cms:content';
export type ContentRow = typeof cmsContent.$inferSelect;


/** What the operation log keeps of an article: everything but the derived search text. */
const logged = (row: ContentRow) => {
  const { searchText: _s, searchDoc: _d, ...rest } = row;
  return rest;
};

const present = (row: ContentRow, catalogName: string | null) => ({
  contentId: row.id,
  siteId: row.siteId,
  catalogId: row.catalogId,
  catalogName,
  title: row.title,
  subject: row.subject,
  summary: row.summary,
  body: row.body,
  author: row.author,
  source: row.source,
  linkUrl: row.linkUrl,
  coverFileId: row.coverFileId,
  status: row.status,
  isTop: row.isTop,
  sort: row.sort,
  viewCount: row.viewCount,
  publishTime: row.publishTime,
  createTime: row.createTime,
  createBy: row.createBy,
  updateTime: row.updateTime,
  updateBy: row.updateBy,
  lockVersion: row.lockVersion,
});

/** The body as stored: allowlist-sanitised, within the visible-character limit of spec §5. */
export function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  const chars = countRichTextCharacters(clean);
  if (chars > CONTENT_BODY_MAX) throw errors.badRequest(richTextLimitMessage(chars, CONTENT_BODY_MAX));
  return clean;
}

/** The columns an input sets, with the search text the database indexes. */
function columnsOf(input: Omit<ContentInput, 'attachmentIds' | 'catalogId'>, body: string) {
  return {
    title: input.title,
    subject: input.subject,
    summary: input.summary,
    body,
    author: input.author,
    source: input.source,
    linkUrl: input.linkUrl,
    coverFileId: input.coverFileId === null ? null : String(input.coverFileId),
    isTop: input.isTop,
    sort: input.sort,
    searchText: searchTextOf([input.title, input.subject, input.summary, plainTextOf(body)]),
  };
}

/** Articles in the back office (/rest/content/*): editing, publishing, offlining, pinning. */
export function createContentAdminService({ db, files, portalCache }: { db: Db; files: FileService; portalCache: PortalCache }) {
  async function findLive(ex: Executor, id: number): Promise<ContentRow> {
    const [row] = await ex.select().from(cmsContent).where(and(eq(cmsContent.id, id), notDeleted(cmsContent))).limit(1);
    if (!row) throw errors.notFound('文章');
    return row;
  }

  /** Runs a change in one transaction, then empties the portal cache so visitors see it at once. */
  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  }

  async function log(tx: Executor, c: ChangeContext | null, action: string, summary: string, before: ContentRow | null, after: ContentRow) {
    await recordOperation(tx, {
      module: CONTENT_MODULE,
      action,
      entityId: after.id,
      summary,
      before: before ? logged(before) : undefined,
      after: logged(after),
      actor: c?.actor ?? null,
      ip: c?.ip,
      requestId: c?.requestId,
    });
  }

  /** A new draft; also how 发布文章 of the resource library starts one. */
  async function insertDraft(tx: Executor, input: ContentInput, actor: Actor): Promise<ContentRow> {
    const catalog = await catalogRefOf(tx, input.catalogId);
    const body = cleanBody(input.body);
    const [row] = await tx
      .insert(cmsContent)
      .values({ ...columnsOf(input, body), siteId: catalog.siteId, catalogId: catalog.catalogId, status: 'DRAFT', publishTime: input.publishTime, ...createdBy(actor) })
      .returning();
    await syncArticleFiles(tx, files, row!, input.attachmentIds, actor);
    return row!;
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, c: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await softDelete(tx, cmsContent, id, lockVersion, c.actor, '文章');
    await setArticleFilesVisibility(tx, files, id, 'PRIVATE');
    await log(tx, c, 'DELETE', `删除文章「${before.title}」`, before, after);
  }

  async function publishRow(tx: Executor, before: ContentRow, lockVersion: number, requested: Date | null, actor: Actor | null) {
    const step = publishStep(before, requested, new Date());
    const row = await updateVersioned(tx, cmsContent, before.id, lockVersion, step, actor, '文章');
    await setArticleFilesVisibility(tx, files, row.id, visibilityOf(row.status));
    return row;
  }

  return {
    findLive,
    insertDraft,
    log,

    /** Sets the body of a draft created in the same transaction (its search text follows). */
    async setBody(tx: Executor, draft: ContentRow, body: string): Promise<ContentRow> {
      const [row] = await tx
        .update(cmsContent)
        .set({ body, searchText: searchTextOf([draft.title, draft.subject, draft.summary, plainTextOf(body)]) })
        .where(eq(cmsContent.id, draft.id))
        .returning();
      return row!;
    },

    async page(filter: ContentFilter, page: PageParameter) {
      const catalogIds = filter.catalogId ? await catalogSubtreeIds(db, filter.catalogId) : null;
      const where: SQL | undefined = and(
        notDeleted(cmsContent),
        filter.title ? ilike(cmsContent.title, likePattern(filter.title)) : undefined,
        catalogIds ? inArray(cmsContent.catalogId, catalogIds) : undefined,
        filter.status ? eq(cmsContent.status, filter.status) : undefined,
        filter.author ? ilike(cmsContent.author, likePattern(filter.author)) : undefined,
        filter.publishTimeFrom ? gte(cmsContent.publishTime, filter.publishTimeFrom) : undefined,
        filter.publishTimeTo ? lte(cmsContent.publishTime, filter.publishTimeTo) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) =>
          db
            .select({ row: cmsContent, catalogName: cmsCatalog.catalogName })
            .from(cmsContent)
            .leftJoin(cmsCatalog, eq(cmsCatalog.id, cmsContent.catalogId))
            .where(where)
            // Newest first: by publish time, drafts without one by creation.
            .orderBy(desc(cmsContent.isTop), desc(cmsContent.publishTime), desc(cmsContent.createTime), desc(cmsContent.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: count() }).from(cmsContent).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(({ row, catalogName }) => present(row, catalogName)) };
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      const catalog = await catalogRefOf(db, row.catalogId).catch(() => null);
      return { ...present(row, catalog?.catalogName ?? null), ...(await articleFilesOf(db, files, id, row.coverFileId)) };
    },

    async add(input: ContentInput, c: ChangeContext) {
      const row = await change(async (tx) => {
        const created = await insertDraft(tx, input, c.actor);
        await log(tx, c, 'CREATE', `新增文章「${created.title}」`, null, created);
        return created;
      });
      return this.detail(row.id);
    },

    async update(id: number, lockVersion: number, input: ContentInput, c: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        const catalog = await catalogRefOf(tx, input.catalogId);
        const body = cleanBody(input.body);
        const publishTime = editedPublishTime(before, input.publishTime, new Date());
        const row = await updateVersioned(
          tx,
          cmsContent,
          id,
          lockVersion,
          { ...columnsOf(input, body), siteId: catalog.siteId, catalogId: catalog.catalogId, publishTime },
          c.actor,
          '文章',
        );
        await syncArticleFiles(tx, files, row, input.attachmentIds, c.actor);
        await log(tx, c, 'UPDATE', `修改文章「${row.title}」`, before, row);
      });
      return this.detail(id);
    },

    async remove(id: number, lockVersion: number | undefined, c: ChangeContext) {
      await change((tx) => removeOne(tx, id, lockVersion, c));
    },

    /** All or nothing: one missing article refuses the whole batch. */
    async removeMany(ids: number[], c: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return change(async (tx) => {
        const found = await tx.select({ id: cmsContent.id }).from(cmsContent).where(and(inArray(cmsContent.id, unique), notDeleted(cmsContent)));
        if (found.length !== unique.length) throw errors.notFound('部分文章');
        for (const id of unique) await removeOne(tx, id, undefined, c);
        return unique.length;
      });
    },

    /** Publishes now, or schedules for a time still to come (the CMS publish job picks it up). */
    async publish(id: number, lockVersion: number, requested: Date | null, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const row = await publishRow(tx, before, lockVersion, requested, c.actor);
        const verb = row.status === 'SCHEDULED' ? '定时发布' : '发布';
        await log(tx, c, 'PUBLISH', `${verb}文章「${row.title}」`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    async offline(id: number, lockVersion: number, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        assertCanOffline(before);
        const row = await updateVersioned(tx, cmsContent, id, lockVersion, { status: 'OFFLINE' }, c.actor, '文章');
        await setArticleFilesVisibility(tx, files, id, 'PRIVATE');
        await log(tx, c, 'OFFLINE', `下线文章「${row.title}」`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    async top(id: number, lockVersion: number, isTop: boolean, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, cmsContent, id, lockVersion, { isTop }, c.actor, '文章');
        await log(tx, c, 'TOP', `${isTop ? '置顶' : '取消置顶'}文章「${row.title}」`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    async sort(id: number, lockVersion: number, sort: number, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, cmsContent, id, lockVersion, { sort }, c.actor, '文章');
        await log(tx, c, 'SORT', `调整文章「${row.title}」的排序为 ${sort}`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    /**
     * Publishes every SCHEDULED article whose time has come (the CMS_PUBLISH_DUE job). Each row is
     * claimed by its status, so two instances running the job never publish one twice.
     */
    async publishDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: cmsContent.id })
        .from(cmsContent)
        .where(and(eq(cmsContent.status, 'SCHEDULED'), lte(cmsContent.publishTime, now), notDeleted(cmsContent)));
      let published = 0;
      for (const { id } of due) {
        await withTransaction(db, async (tx) => {
          const before = await findLive(tx, id);
          const [row] = await tx
            .update(cmsContent)
            .set({ status: 'PUBLISHED', updateTime: new Date(), updateBy: 'system', updateById: null, lockVersion: before.lockVersion + 1 })
            .where(and(eq(cmsContent.id, id), eq(cmsContent.status, 'SCHEDULED'), lte(cmsContent.publishTime, now)))
            .returning();
          if (!row) return;
          await setArticleFilesVisibility(tx, files, id, 'PUBLIC');
          await log(tx, null, 'PUBLISH', `到期自动发布文章「${row.title}」`, before, row);
          published++;
        });
      }
      if (published) await portalCache.invalidateAll();
      return published;
    },

    /** Fills search_text of rows written before it existed (run once at start; cheap when none are left). */
    async backfillSearchText(batchSize = 200): Promise<number> {
      let filled = 0;
      // Walks by id so a row with nothing searchable (it stays '') is passed once, not fetched forever.
      let after = 0;
      for (;;) {
        const rows = await db
          .select({ id: cmsContent.id, title: cmsContent.title, subject: cmsContent.subject, summary: cmsContent.summary, body: cmsContent.body })
          .from(cmsContent)
          .where(and(eq(cmsContent.searchText, ''), gt(cmsContent.id, after)))
          .orderBy(asc(cmsContent.id))
          .limit(batchSize);
        for (const r of rows) {
          const text = searchTextOf([r.title, r.subject, r.summary, plainTextOf(r.body)]);
          if (text) {
            await db.update(cmsContent).set({ searchText: text }).where(eq(cmsContent.id, r.id));
            filled++;
          }
          after = r.id;
        }
        if (rows.length < batchSize) break;
      }
      if (filled) await portalCache.invalidateAll();
      return filled;
    },
  };
}
export type ContentAdminService = ReturnType<typeof createContentAdminService>;
