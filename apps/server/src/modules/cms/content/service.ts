import { countRichTextCharacters, richTextLimitMessage, type PageParameter, type ServerBody } from '@dandelion/shared';
import { CONTENT_BODY_MAX, type ContentStatus, type contentCalls } from '@dandelion/shared/cms/content';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { auditOf, type Actor } from '../../../core/records';
import { sanitizeRichText } from '../../../core/richText';
import { withTransaction } from '../../../core/transaction';
import { catalogNameOf, catalogRefOf, catalogSubtreeIds } from '../catalog/module';
import type { CmsFiles } from '../files/module';
import { portalChanges, type PortalCache } from '../portalCache/module';
import { plainTextOf, searchTextOf } from '../search/module';
import { articleFiles, visibilityOf } from './articleFiles';
import { assertCanOffline, editedPublishTime, publishStep } from './lifecycle';
import { contentRepo, type ContentFields, type ContentListRow, type ContentRow } from './repo';

export const CONTENT_MODULE = 'cms:content';

export type ContentInput = ServerBody<typeof contentCalls.add>;
type PageBody = ServerBody<typeof contentCalls.page>;
export type ContentSearch = Omit<PageBody, 'pageParameter'>;

export interface ContentServiceDeps {
  db: Db;
  files: CmsFiles;
  portalCache: PortalCache;
}

/** What the operation log keeps of an article: everything but the derived search text. */
const logged = (row: ContentRow) => {
  const { searchText: _s, searchDoc: _d, ...rest } = row;
  return rest;
};

/** A row of the back office's list. */
const presentListItem = (row: ContentListRow, catalogName: string | null) => ({
  contentId: row.id,
  siteId: row.siteId,
  catalogId: row.catalogId,
  catalogName,
  title: row.title,
  author: row.author,
  status: row.status as ContentStatus,
  isTop: row.isTop,
  sort: row.sort,
  viewCount: row.viewCount,
  publishTime: row.publishTime,
  ...auditOf(row),
});

/** An article whole: its list row plus the fields only the detail and the form show. */
const present = (row: ContentRow, catalogName: string | null) => ({
  ...presentListItem(row, catalogName),
  subject: row.subject,
  summary: row.summary,
  body: row.body,
  source: row.source,
  linkUrl: row.linkUrl,
  coverFileId: row.coverFileId,
});

/** The body as stored: allowlist-sanitised, within the visible-character limit of spec §5. */
export function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  const chars = countRichTextCharacters(clean);
  if (chars > CONTENT_BODY_MAX) throw errors.badRequest(richTextLimitMessage(chars, CONTENT_BODY_MAX));
  return clean;
}

const searchTextOfArticle = (a: { title: string; subject: string | null; summary: string | null }, body: string | null) =>
  searchTextOf([a.title, a.subject, a.summary, plainTextOf(body)]);

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
    searchText: searchTextOfArticle(input, body),
  };
}

/** Articles in the back office (/rest/content/*): editing, publishing, offlining, pinning, and the scheduled publishing. */
export function createContentService({ db, files, portalCache }: ContentServiceDeps) {
  const attached = articleFiles(files);
  const change = portalChanges(db, portalCache);

  async function findLive(ex: Executor, id: number): Promise<ContentRow> {
    const row = await contentRepo.findLive(ex, id);
    if (!row) throw errors.notFound('文章');
    return row;
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
    const row = await contentRepo.insert(
      tx,
      { ...columnsOf(input, body), siteId: catalog.siteId, catalogId: catalog.catalogId, status: 'DRAFT', publishTime: input.publishTime },
      actor,
    );
    await attached.sync(tx, row, input.attachmentIds, actor);
    return row;
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, c: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await contentRepo.softDelete(tx, id, lockVersion, c.actor);
    await attached.setVisibility(tx, id, 'PRIVATE');
    await log(tx, c, 'DELETE', `删除文章「${before.title}」`, before, after);
  }

  const service = {
    async page(filter: ContentSearch, page: PageParameter) {
      const catalogIds = filter.catalogId ? await catalogSubtreeIds(db, filter.catalogId) : null;
      const result = await contentRepo.page(db, { ...filter, catalogIds }, page);
      return { ...result, list: result.list.map(({ row, catalogName }) => presentListItem(row, catalogName)) };
    },

    async detail(id: number) {
      const row = await findLive(db, id);
      const catalog = await catalogRefOf(db, row.catalogId).catch(() => null);
      return { ...present(row, catalog?.catalogName ?? null), ...(await attached.of(db, id, row.coverFileId)) };
    },

    async add(input: ContentInput, c: ChangeContext) {
      const row = await change(async (tx) => {
        const created = await insertDraft(tx, input, c.actor);
        await log(tx, c, 'CREATE', `新增文章「${created.title}」`, null, created);
        return created;
      });
      return service.detail(row.id);
    },

    async update(id: number, lockVersion: number, input: ContentInput, c: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        const catalog = await catalogRefOf(tx, input.catalogId);
        const body = cleanBody(input.body);
        const publishTime = editedPublishTime(before, input.publishTime, new Date());
        const row = await contentRepo.update(tx, id, lockVersion, { ...columnsOf(input, body), siteId: catalog.siteId, catalogId: catalog.catalogId, publishTime }, c.actor);
        await attached.sync(tx, row, input.attachmentIds, c.actor);
        await log(tx, c, 'UPDATE', `修改文章「${row.title}」`, before, row);
      });
      return service.detail(id);
    },

    async remove(id: number, lockVersion: number | undefined, c: ChangeContext) {
      await change((tx) => removeOne(tx, id, lockVersion, c));
    },

    /** All or nothing: one missing article refuses the whole batch. */
    async removeMany(ids: number[], c: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return change(async (tx) => {
        if ((await contentRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分文章');
        for (const id of unique) await removeOne(tx, id, undefined, c);
        return unique.length;
      });
    },

    /** Publishes now, or schedules for a time still to come (the CMS publish job picks it up). */
    async publish(id: number, lockVersion: number, requested: Date | null, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const row = await contentRepo.update(tx, id, lockVersion, publishStep(before, requested, new Date()), c.actor);
        await attached.setVisibility(tx, row.id, visibilityOf(row.status));
        await log(tx, c, 'PUBLISH', `${row.status === 'SCHEDULED' ? '定时发布' : '发布'}文章「${row.title}」`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    async offline(id: number, lockVersion: number, c: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        assertCanOffline(before);
        const row = await contentRepo.update(tx, id, lockVersion, { status: 'OFFLINE' }, c.actor);
        await attached.setVisibility(tx, id, 'PRIVATE');
        await log(tx, c, 'OFFLINE', `下线文章「${row.title}」`, before, row);
        return present(row, await catalogNameOf(tx, row.catalogId));
      });
    },

    top: (id: number, lockVersion: number, isTop: boolean, c: ChangeContext) =>
      versioned(id, lockVersion, { isTop }, c, 'TOP', (row) => `${isTop ? '置顶' : '取消置顶'}文章「${row.title}」`),

    sort: (id: number, lockVersion: number, sort: number, c: ChangeContext) =>
      versioned(id, lockVersion, { sort }, c, 'SORT', (row) => `调整文章「${row.title}」的排序为 ${sort}`),

    /**
     * Publishes every SCHEDULED article whose time has come (the CMS_PUBLISH_DUE job). Each row is
     * claimed by its status, so two instances running the job never publish one twice.
     */
    async publishDue(now = new Date()): Promise<number> {
      let published = 0;
      for (const id of await contentRepo.dueIds(db, now)) {
        await withTransaction(db, async (tx) => {
          const before = await findLive(tx, id);
          const row = await contentRepo.publishDue(tx, before, now);
          if (!row) return;
          await attached.setVisibility(tx, id, 'PUBLIC');
          await log(tx, null, 'PUBLISH', `到期自动发布文章「${row.title}」`, before, row);
          published++;
        });
      }
      if (published) await portalCache.invalidateAll();
      return published;
    },

    /**
     * Fills search_text of rows written before it existed (run once at start, in the background;
     * cheap when none are left). Stops between batches once `signal` is aborted (the server closing).
     */
    async backfillSearchText(batchSize = 200, signal?: AbortSignal): Promise<number> {
      let filled = 0;
      // Walks by id so a row with nothing searchable (it stays '') is passed once, not fetched forever.
      let after = 0;
      while (!signal?.aborted) {
        const rows = await contentRepo.withoutSearchText(db, after, batchSize);
        for (const r of rows) {
          const text = searchTextOfArticle(r, r.body);
          if (text) {
            await contentRepo.set(db, r.id, { searchText: text });
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

  /** A change of one field under the lock version, logged and answered as a list row. */
  function versioned(id: number, lockVersion: number, fields: Partial<ContentFields>, c: ChangeContext, action: string, summary: (row: ContentRow) => string) {
    return change(async (tx) => {
      const before = await findLive(tx, id);
      const row = await contentRepo.update(tx, id, lockVersion, fields, c.actor);
      await log(tx, c, action, summary(row), before, row);
      return present(row, await catalogNameOf(tx, row.catalogId));
    });
  }

  /** What 发布文章 of the resource library uses: a draft, its body once its files are copied in, and the log row. */
  const drafts = {
    insertDraft,
    log,
    cleanBody,
    /** Sets the body of a draft created in the same transaction (its search text follows). */
    setBody: (tx: Executor, draft: ContentRow, body: string) => contentRepo.set(tx, draft.id, { body, searchText: searchTextOfArticle(draft, body) }),
    /** Puts a copy of a library file into the article. */
    copyIn: attached.copyIn,
  };

  return { ...service, drafts, downloads: attached.downloads };
}
export type ContentService = ReturnType<typeof createContentService>;
export type ArticleDrafts = ContentService['drafts'];
