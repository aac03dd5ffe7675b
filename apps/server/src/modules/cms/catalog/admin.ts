import { and, asc, count, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { CatalogContentType, CatalogStatus, CatalogType, LinkType, OpenType } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { cmsContent } from '../content/schema';
import type { PortalCache } from '../portalCache';
import type { SiteAdminService } from '../site/admin';
import { cmsTemplate } from '../template/schema';
import { cmsCatalog } from './schema';
import { buildCatalogTree, type CatalogNode, type CatalogRow } from './service';
import { likePattern } from '../../../core/sql';

export const CATALOG_MODULE = 'cms:catalog';

export interface CatalogInput {
  catalogName: string;
  code: string;
  catalogStatus: CatalogStatus;
  catalogType: CatalogType;
  linkType: LinkType;
  openType: OpenType;
  catalogContentType: CatalogContentType;
  linkUrl: string | null;
  templateId: number | null;
  description: string | null;
  showInNav: boolean;
  sort: number;
}

export interface CatalogFilter {
  catalogName?: string;
  code?: string;
}

export const presentCatalog = (row: CatalogRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { catalogId: id, ...rest };
};
export type CatalogView = ReturnType<typeof presentCatalog> & { children: CatalogView[] };
const presentTree = (nodes: CatalogNode[]): CatalogView[] => nodes.map((n) => ({ ...presentCatalog(n), children: presentTree(n.children) }));

/** Siblings are numbered 10, 20, 30 … so one can later be slotted between two without renumbering. */
const SORT_STEP = 10;

/**
 * 栏目管理 (spec §3 Catalogue): the tree of a site in every status, kept consistent — level and
 * catalogPath (`/parent-code/child-code`) follow every add, code change and move.
 */
export function createCatalogAdminService({ db, sites, portalCache }: { db: Db; sites: SiteAdminService; portalCache: PortalCache }) {
  async function findLive(ex: Executor, id: number): Promise<CatalogRow> {
    const [row] = await ex.select().from(cmsCatalog).where(and(eq(cmsCatalog.id, id), notDeleted(cmsCatalog))).limit(1);
    if (!row) throw errors.notFound('栏目');
    return row;
  }

  async function siteRows(ex: Executor, siteId: number): Promise<CatalogRow[]> {
    return ex.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), notDeleted(cmsCatalog))).orderBy(asc(cmsCatalog.sort), asc(cmsCatalog.id));
  }

  /** A catalogue lists through a LIST or DETAIL template; an INDEX template renders a site's home page only. */
  async function checkTemplate(ex: Executor, templateId: number | null) {
    if (!templateId) return;
    const [template] = await ex.select().from(cmsTemplate).where(and(eq(cmsTemplate.id, templateId), notDeleted(cmsTemplate))).limit(1);
    if (!template) throw errors.badRequest('所选模板不存在或已被删除');
    if (template.templateType === 'INDEX') throw errors.badRequest('首页模板不能用于栏目，请选择列表或详情模板');
  }

  /** Rewrites level and catalogPath below `parent` after its own path changed (code change or move). */
  async function repathChildren(tx: Executor, parent: CatalogRow, change: ChangeContext) {
    const children = await tx.select().from(cmsCatalog).where(and(eq(cmsCatalog.parentCatalogId, parent.id), notDeleted(cmsCatalog)));
    for (const child of children) {
      const [moved] = await tx
        .update(cmsCatalog)
        .set({ level: parent.level + 1, catalogPath: `${parent.catalogPath ?? ''}/${child.code}`, ...updatedBy(change.actor, cmsCatalog) })
        .where(eq(cmsCatalog.id, child.id))
        .returning();
      await repathChildren(tx, moved!, change);
    }
  }

  async function nextSort(tx: Executor, siteId: number, parentId: number | null): Promise<number> {
    const parentIs = parentId ? eq(cmsCatalog.parentCatalogId, parentId) : isNull(cmsCatalog.parentCatalogId);
    const [row] = await tx
      .select({ top: sql<number>`coalesce(max(${cmsCatalog.sort}), 0)` })
      .from(cmsCatalog)
      .where(and(eq(cmsCatalog.siteId, siteId), parentIs, notDeleted(cmsCatalog)));
    return Number(row!.top) + SORT_STEP;
  }

  async function change<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portalCache.invalidateAll();
    return result;
  }

  return {
    /** The whole tree of a site; a search keeps the matches and the ancestors that lead to them. */
    async adminTree(siteId: number, filter: CatalogFilter) {
      await sites.requireLive(db, siteId);
      const rows = await siteRows(db, siteId);
      if (!filter.catalogName && !filter.code) return presentTree(buildCatalogTree(rows));
      const where: SQL | undefined = and(
        eq(cmsCatalog.siteId, siteId),
        notDeleted(cmsCatalog),
        filter.catalogName ? ilike(cmsCatalog.catalogName, likePattern(filter.catalogName)) : undefined,
        filter.code ? ilike(cmsCatalog.code, likePattern(filter.code)) : undefined,
      );
      const hits = await db.select({ id: cmsCatalog.id }).from(cmsCatalog).where(where);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<number>();
      for (const { id } of hits) {
        for (let at = byId.get(id); at && !keep.has(at.id); at = at.parentCatalogId ? byId.get(at.parentCatalogId) : undefined) keep.add(at.id);
      }
      return presentTree(buildCatalogTree(rows.filter((r) => keep.has(r.id))));
    },

    async detail(id: number) {
      return presentCatalog(await findLive(db, id));
    },

    async add(siteId: number, parentCatalogId: number | null, input: CatalogInput, ctx: ChangeContext) {
      return change(async (tx) => {
        await sites.requireLive(tx, siteId);
        const parent = parentCatalogId ? await findLive(tx, parentCatalogId) : null;
        if (parent && parent.siteId !== siteId) throw errors.badRequest('上级栏目不属于该站点');
        await checkTemplate(tx, input.templateId);
        const [row] = await tx
          .insert(cmsCatalog)
          .values({
            ...input,
            siteId,
            parentCatalogId: parent?.id ?? null,
            level: parent ? parent.level + 1 : 1,
            catalogPath: `${parent?.catalogPath ?? ''}/${input.code}`,
            sort: input.sort || (await nextSort(tx, siteId, parent?.id ?? null)),
            ...createdBy(ctx.actor),
          })
          .returning();
        await recordOperation(tx, { module: CATALOG_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增栏目「${row!.catalogName}」`, after: presentCatalog(row!), ...ctx });
        return presentCatalog(row!);
      });
    },

    async update(id: number, lockVersion: number, input: CatalogInput, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        await checkTemplate(tx, input.templateId);
        const parent = before.parentCatalogId ? await findLive(tx, before.parentCatalogId) : null;
        const after = await updateVersioned(tx, cmsCatalog, id, lockVersion, { ...input, catalogPath: `${parent?.catalogPath ?? ''}/${input.code}` }, ctx.actor, '栏目');
        if (after.catalogPath !== before.catalogPath) await repathChildren(tx, after, ctx);
        await recordOperation(tx, { module: CATALOG_MODULE, action: 'UPDATE', entityId: id, summary: `修改栏目「${after.catalogName}」`, before: presentCatalog(before), after: presentCatalog(after), ...ctx });
        return presentCatalog(after);
      });
    },

    async updateStatus(id: number, lockVersion: number, catalogStatus: CatalogStatus, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const after = await updateVersioned(tx, cmsCatalog, id, lockVersion, { catalogStatus }, ctx.actor, '栏目');
        const verb = catalogStatus === 'ENABLE' ? '启用' : '停用';
        await recordOperation(tx, { module: CATALOG_MODULE, action: 'UPDATE', entityId: id, summary: `${verb}栏目「${after.catalogName}」`, before: presentCatalog(before), after: presentCatalog(after), ...ctx });
        return presentCatalog(after);
      });
    },

    /** Moves a catalogue (with its subtree) under another parent of the same site, or to the top level; it goes last there. */
    async move(id: number, parentCatalogId: number | null, lockVersion: number | undefined, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await findLive(tx, id);
        const parent = parentCatalogId ? await findLive(tx, parentCatalogId) : null;
        if (parent) {
          if (parent.siteId !== before.siteId) throw errors.badRequest('不能移动到其他站点的栏目下');
          // The new parent's path runs through the moved catalogue exactly when it lies in its subtree.
          const rows = await siteRows(tx, before.siteId);
          const byId = new Map(rows.map((r) => [r.id, r]));
          for (let at: CatalogRow | undefined = parent; at; at = at.parentCatalogId ? byId.get(at.parentCatalogId) : undefined) {
            if (at.id === id) throw errors.badRequest('不能把栏目移动到它自己或它的下级栏目下');
          }
        }
        if ((before.parentCatalogId ?? null) === (parent?.id ?? null)) return presentCatalog(before);
        const values = {
          parentCatalogId: parent?.id ?? null,
          level: parent ? parent.level + 1 : 1,
          catalogPath: `${parent?.catalogPath ?? ''}/${before.code}`,
          sort: await nextSort(tx, before.siteId, parent?.id ?? null),
        };
        const after = lockVersion === undefined
          ? (await tx.update(cmsCatalog).set({ ...values, ...updatedBy(ctx.actor, cmsCatalog) }).where(eq(cmsCatalog.id, id)).returning())[0]!
          : await updateVersioned(tx, cmsCatalog, id, lockVersion, values, ctx.actor, '栏目');
        await repathChildren(tx, after, ctx);
        const where = parent ? `「${parent.catalogName}」下` : '顶级';
        await recordOperation(tx, { module: CATALOG_MODULE, action: 'MOVE', entityId: id, summary: `移动栏目「${after.catalogName}」到${where}`, before: presentCatalog(before), after: presentCatalog(after), ...ctx });
        return presentCatalog(after);
      });
    },

    /** Sets the order of one parent's children: `catalogIds` must be exactly those children, in the new order. */
    async sort(siteId: number, parentCatalogId: number | null, catalogIds: number[], ctx: ChangeContext) {
      return change(async (tx) => {
        await sites.requireLive(tx, siteId);
        const parentIs = parentCatalogId ? eq(cmsCatalog.parentCatalogId, parentCatalogId) : isNull(cmsCatalog.parentCatalogId);
        const siblings = await tx.select().from(cmsCatalog).where(and(eq(cmsCatalog.siteId, siteId), parentIs, notDeleted(cmsCatalog))).orderBy(asc(cmsCatalog.sort), asc(cmsCatalog.id));
        const given = new Set(catalogIds);
        if (given.size !== catalogIds.length || given.size !== siblings.length || siblings.some((s) => !given.has(s.id))) {
          throw errors.conflict('栏目已被他人调整，请刷新后重新排序');
        }
        for (const [index, id] of catalogIds.entries()) {
          await tx.update(cmsCatalog).set({ sort: (index + 1) * SORT_STEP, ...updatedBy(ctx.actor, cmsCatalog) }).where(eq(cmsCatalog.id, id));
        }
        await recordOperation(tx, {
          module: CATALOG_MODULE, action: 'SORT', entityId: parentCatalogId, summary: `调整栏目顺序（${siblings.length} 个）`,
          before: siblings.map((s) => ({ catalogId: String(s.id), catalogName: s.catalogName, sort: s.sort })),
          after: catalogIds.map((id, i) => ({ catalogId: String(id), sort: (i + 1) * SORT_STEP })), ...ctx,
        });
        return null;
      });
    },

    /** Refused while the catalogue has sub-catalogues or articles: they would vanish from the portal unseen. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        const [children] = await tx.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.parentCatalogId, id), notDeleted(cmsCatalog)));
        if (Number(children!.n)) throw errors.conflict(`栏目「${before.catalogName}」下还有 ${children!.n} 个子栏目，请先删除或移走子栏目`);
        // Read straight from cms_content: the content module exposes no count by catalogue yet (see docs/cms-setting.md).
        const [articles] = await tx.select({ n: count() }).from(cmsContent).where(and(eq(cmsContent.catalogId, id), eq(cmsContent.delFlag, 0)));
        if (Number(articles!.n)) throw errors.conflict(`栏目「${before.catalogName}」下还有 ${articles!.n} 篇文章，请先删除或移走文章`);
        const after = await softDelete(tx, cmsCatalog, id, lockVersion, ctx.actor, '栏目');
        await recordOperation(tx, { module: CATALOG_MODULE, action: 'DELETE', entityId: id, summary: `删除栏目「${before.catalogName}」`, before: presentCatalog(before), after: presentCatalog(after), ...ctx });
      });
    },

    /** How many live catalogues render through a template (a used template cannot be deleted). */
    async countUsingTemplate(ex: Executor, templateId: number): Promise<number> {
      const [row] = await ex.select({ n: count() }).from(cmsCatalog).where(and(eq(cmsCatalog.templateId, templateId), notDeleted(cmsCatalog)));
      return Number(row!.n);
    },
  };
}
export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;

