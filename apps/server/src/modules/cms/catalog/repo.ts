import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { type auditColumns, createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { likePattern } from '../../../core/sql';
import { cmsCatalog } from './tables';

export type CatalogRow = typeof cmsCatalog.$inferSelect;
export type NewCatalog = Omit<typeof cmsCatalog.$inferInsert, 'id' | keyof typeof auditColumns>;

export interface CatalogFilter {
  catalogName?: string;
  code?: string;
}

const childrenOf = (siteId: number, parentId: number | null) =>
  and(eq(cmsCatalog.siteId, siteId), parentId ? eq(cmsCatalog.parentCatalogId, parentId) : isNull(cmsCatalog.parentCatalogId), notDeleted(cmsCatalog));
const liveCount = async (ex: Executor, where: SQL | undefined) => Number((await ex.select({ n: count() }).from(cmsCatalog).where(and(where, notDeleted(cmsCatalog))))[0]!.n);

/** Every query of catalogues; each takes the executor (database or open transaction) to run on. */
export const catalogRepo = {
  async findLive(ex: Executor, id: number): Promise<CatalogRow | undefined> {
    const [row] = await ex.select().from(cmsCatalog).where(and(eq(cmsCatalog.id, id), notDeleted(cmsCatalog))).limit(1);
    return row;
  },

  /** A site's live catalogues, siblings in their order. */
  siteRows: (ex: Executor, siteId: number): Promise<CatalogRow[]> =>
    ex.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), notDeleted(cmsCatalog))).orderBy(asc(cmsCatalog.sort), asc(cmsCatalog.id)),

  /** Ids of a site's live catalogues matching a search. */
  async searchIds(ex: Executor, siteId: number, filter: CatalogFilter): Promise<number[]> {
    const where = and(
      eq(cmsCatalog.siteId, siteId),
      notDeleted(cmsCatalog),
      filter.catalogName ? ilike(cmsCatalog.catalogName, likePattern(filter.catalogName)) : undefined,
      filter.code ? ilike(cmsCatalog.code, likePattern(filter.code)) : undefined,
    );
    return (await ex.select({ id: cmsCatalog.id }).from(cmsCatalog).where(where)).map((r) => r.id);
  },

  liveChildren: (ex: Executor, parentId: number) => ex.select().from(cmsCatalog).where(and(eq(cmsCatalog.parentCatalogId, parentId), notDeleted(cmsCatalog))),

  /** One parent's children (null: the top level), in their order. */
  siblings: (ex: Executor, siteId: number, parentId: number | null) =>
    ex.select().from(cmsCatalog).where(childrenOf(siteId, parentId)).orderBy(asc(cmsCatalog.sort), asc(cmsCatalog.id)),

  async maxSort(ex: Executor, siteId: number, parentId: number | null): Promise<number> {
    const [row] = await ex.select({ top: sql<number>`coalesce(max(${cmsCatalog.sort}), 0)` }).from(cmsCatalog).where(childrenOf(siteId, parentId));
    return Number(row!.top);
  },

  async insert(ex: Executor, values: NewCatalog, actor: Actor): Promise<CatalogRow> {
    const [row] = await ex.insert(cmsCatalog).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<NewCatalog>, actor: Actor) => updateVersioned(ex, cmsCatalog, id, lockVersion, fields, actor, '栏目'),

  /** A change that does not check the lock version (a move from the tree, a path that follows its parent). */
  async set(ex: Executor, id: number, fields: Partial<NewCatalog>, actor: Actor): Promise<CatalogRow> {
    const [row] = await ex.update(cmsCatalog).set({ ...fields, ...updatedBy(actor, cmsCatalog) }).where(eq(cmsCatalog.id, id)).returning();
    return row!;
  },

  async setSort(ex: Executor, id: number, sort: number, actor: Actor): Promise<void> {
    await ex.update(cmsCatalog).set({ sort, ...updatedBy(actor, cmsCatalog) }).where(eq(cmsCatalog.id, id));
  },

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, cmsCatalog, id, lockVersion, actor, '栏目'),

  countChildren: (ex: Executor, id: number) => liveCount(ex, eq(cmsCatalog.parentCatalogId, id)),
  countOfSite: (ex: Executor, siteId: number) => liveCount(ex, eq(cmsCatalog.siteId, siteId)),
  countUsingTemplate: (ex: Executor, templateId: number) => liveCount(ex, eq(cmsCatalog.templateId, templateId)),

  /** A live catalogue's site and name (articles are filed under it). */
  async ref(ex: Executor, catalogId: number) {
    const [row] = await ex
      .select({ catalogId: cmsCatalog.id, siteId: cmsCatalog.siteId, catalogName: cmsCatalog.catalogName })
      .from(cmsCatalog)
      .where(and(eq(cmsCatalog.id, catalogId), notDeleted(cmsCatalog)))
      .limit(1);
    return row;
  },

  /** A catalogue's name, deleted ones too. */
  async name(ex: Executor, catalogId: number): Promise<string | null> {
    const [row] = await ex.select({ catalogName: cmsCatalog.catalogName }).from(cmsCatalog).where(eq(cmsCatalog.id, catalogId)).limit(1);
    return row?.catalogName ?? null;
  },

  async siteOf(ex: Executor, catalogId: number): Promise<number | null> {
    const [root] = await ex.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).where(eq(cmsCatalog.id, catalogId)).limit(1);
    return root?.siteId ?? null;
  },

  /** A site's live catalogues as id and parent. */
  links: (ex: Executor, siteId: number) =>
    ex.select({ id: cmsCatalog.id, parent: cmsCatalog.parentCatalogId }).from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), notDeleted(cmsCatalog))),

  /** Every live catalogue of every site, by site, level and order (the article pages' tree). */
  editorRows: (ex: Executor) =>
    ex
      .select({ catalogId: cmsCatalog.id, parentCatalogId: cmsCatalog.parentCatalogId, siteId: cmsCatalog.siteId, catalogName: cmsCatalog.catalogName, catalogStatus: cmsCatalog.catalogStatus })
      .from(cmsCatalog)
      .where(notDeleted(cmsCatalog))
      .orderBy(asc(cmsCatalog.siteId), asc(cmsCatalog.level), asc(cmsCatalog.sort), asc(cmsCatalog.id)),

  /** Every catalogue's name by id, deleted ones too (an article list shows the name its catalogue had). */
  names: (ex: Executor) => ex.select({ catalogId: cmsCatalog.id, catalogName: cmsCatalog.catalogName }).from(cmsCatalog).as('catalog_name'),

  /** What the portal may show of catalogues: the enabled ones (a disabled parent still hides its branch: see the portal's tree). */
  enabledCatalogs: (ex: Executor) =>
    ex
      .select({
        catalogId: cmsCatalog.id,
        siteId: cmsCatalog.siteId,
        parentCatalogId: cmsCatalog.parentCatalogId,
        catalogName: cmsCatalog.catalogName,
        code: cmsCatalog.code,
        catalogPath: cmsCatalog.catalogPath,
        level: cmsCatalog.level,
        sort: cmsCatalog.sort,
        catalogType: cmsCatalog.catalogType,
        linkType: cmsCatalog.linkType,
        linkUrl: cmsCatalog.linkUrl,
        openType: cmsCatalog.openType,
        catalogContentType: cmsCatalog.catalogContentType,
        showInNav: cmsCatalog.showInNav,
        templateId: cmsCatalog.templateId,
      })
      .from(cmsCatalog)
      .where(and(eq(cmsCatalog.catalogStatus, 'ENABLE'), notDeleted(cmsCatalog)))
      .as('enabled_catalog'),
};
