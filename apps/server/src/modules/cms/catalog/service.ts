import type { CatalogStatus, catalogCalls } from '@dandelion/shared/cms/catalog';
import type { ServerBody } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { linkTree, type TreeNode } from '../../../core/tree';
import { portalChanges, type PortalCache } from '../portalCache/module';
import { requireLiveSite } from '../site/module';
import { templateTypeOf } from '../template/module';
import { catalogRepo, type CatalogFilter, type CatalogRow } from './repo';

export const CATALOG_MODULE = 'cms:catalog';

type AddBody = ServerBody<typeof catalogCalls.add>;
export type CatalogInput = Omit<AddBody, 'siteId' | 'parentCatalogId'>;

/** How many live articles are filed under a catalogue (the content feature answers). */
export type ArticlesIn = (ex: Executor, catalogId: number) => Promise<number>;

export const presentCatalog = (row: CatalogRow) => {
  const { id, ...rest } = row;
  return { catalogId: id, ...rest };
};
type CatalogView = ReturnType<typeof presentCatalog> & { children: CatalogView[] };
const presentTree = (nodes: TreeNode<CatalogRow>[]): CatalogView[] => nodes.map((n) => ({ ...presentCatalog(n), children: presentTree(n.children) }));

/** Siblings are numbered 10, 20, 30 … so one can later be slotted between two without renumbering. */
const SORT_STEP = 10;

export async function requireLiveCatalog(ex: Executor, id: number): Promise<CatalogRow> {
  const row = await catalogRepo.findLive(ex, id);
  if (!row) throw errors.notFound('栏目');
  return row;
}

/**
 * 栏目管理 (spec §3 Catalogue): the tree of a site in every status, kept consistent — level and
 * catalogPath (`/parent-code/child-code`) follow every add, code change and move.
 */
export function createCatalogService({ db, portalCache, articlesIn }: { db: Db; portalCache: PortalCache; articlesIn: ArticlesIn }) {
  const change = portalChanges(db, portalCache);
  const log = (tx: Executor, ctx: ChangeContext, action: string, id: number, summary: string, before: CatalogRow | null, after: CatalogRow) =>
    recordOperation(tx, { module: CATALOG_MODULE, action, entityId: id, summary, before: before ? presentCatalog(before) : undefined, after: presentCatalog(after), ...ctx });

  /** A catalogue lists through a LIST or DETAIL template; an INDEX template renders a site's home page only. */
  async function checkTemplate(ex: Executor, templateId: number | null) {
    if (!templateId) return;
    const type = await templateTypeOf(ex, templateId);
    if (!type) throw errors.badRequest('所选模板不存在或已被删除');
    if (type === 'INDEX') throw errors.badRequest('首页模板不能用于栏目，请选择列表或详情模板');
  }

  /** Rewrites level and catalogPath below `parent` after its own path changed (code change or move). */
  async function repathChildren(tx: Executor, parent: CatalogRow, ctx: ChangeContext) {
    for (const child of await catalogRepo.liveChildren(tx, parent.id)) {
      const moved = await catalogRepo.set(tx, child.id, { level: parent.level + 1, catalogPath: `${parent.catalogPath ?? ''}/${child.code}` }, ctx.actor);
      await repathChildren(tx, moved, ctx);
    }
  }

  const nextSort = async (tx: Executor, siteId: number, parentId: number | null) => (await catalogRepo.maxSort(tx, siteId, parentId)) + SORT_STEP;
  const pathUnder = (parent: CatalogRow | null, code: string) => `${parent?.catalogPath ?? ''}/${code}`;

  return {
    /** The whole tree of a site; a search keeps the matches and the ancestors that lead to them. */
    async adminTree(siteId: number, filter: CatalogFilter) {
      await requireLiveSite(db, siteId);
      const rows = await catalogRepo.siteRows(db, siteId);
      const tree = (kept: CatalogRow[]) => presentTree(linkTree(kept, (r) => r.id, (r) => r.parentCatalogId));
      if (!filter.catalogName && !filter.code) return tree(rows);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const keep = new Set<number>();
      for (const id of await catalogRepo.searchIds(db, siteId, filter)) {
        for (let at = byId.get(id); at && !keep.has(at.id); at = at.parentCatalogId ? byId.get(at.parentCatalogId) : undefined) keep.add(at.id);
      }
      return tree(rows.filter((r) => keep.has(r.id)));
    },

    async detail(id: number) {
      return presentCatalog(await requireLiveCatalog(db, id));
    },

    async add(siteId: number, parentCatalogId: number | null, input: CatalogInput, ctx: ChangeContext) {
      return change(async (tx) => {
        await requireLiveSite(tx, siteId);
        const parent = parentCatalogId ? await requireLiveCatalog(tx, parentCatalogId) : null;
        if (parent && parent.siteId !== siteId) throw errors.badRequest('上级栏目不属于该站点');
        await checkTemplate(tx, input.templateId);
        const row = await catalogRepo.insert(
          tx,
          {
            ...input,
            siteId,
            parentCatalogId: parent?.id ?? null,
            level: parent ? parent.level + 1 : 1,
            catalogPath: pathUnder(parent, input.code),
            sort: input.sort || (await nextSort(tx, siteId, parent?.id ?? null)),
          },
          ctx.actor,
        );
        await log(tx, ctx, 'CREATE', row.id, `新增栏目「${row.catalogName}」`, null, row);
        return presentCatalog(row);
      });
    },

    async update(id: number, lockVersion: number, input: CatalogInput, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await requireLiveCatalog(tx, id);
        await checkTemplate(tx, input.templateId);
        const parent = before.parentCatalogId ? await requireLiveCatalog(tx, before.parentCatalogId) : null;
        const after = await catalogRepo.update(tx, id, lockVersion, { ...input, catalogPath: pathUnder(parent, input.code) }, ctx.actor);
        if (after.catalogPath !== before.catalogPath) await repathChildren(tx, after, ctx);
        await log(tx, ctx, 'UPDATE', id, `修改栏目「${after.catalogName}」`, before, after);
        return presentCatalog(after);
      });
    },

    async updateStatus(id: number, lockVersion: number, catalogStatus: CatalogStatus, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await requireLiveCatalog(tx, id);
        const after = await catalogRepo.update(tx, id, lockVersion, { catalogStatus }, ctx.actor);
        const verb = catalogStatus === 'ENABLE' ? '启用' : '停用';
        await log(tx, ctx, 'UPDATE', id, `${verb}栏目「${after.catalogName}」`, before, after);
        return presentCatalog(after);
      });
    },

    /** Moves a catalogue (with its subtree) under another parent of the same site, or to the top level; it goes last there. */
    async move(id: number, parentCatalogId: number | null, lockVersion: number | undefined, ctx: ChangeContext) {
      return change(async (tx) => {
        const before = await requireLiveCatalog(tx, id);
        const parent = parentCatalogId ? await requireLiveCatalog(tx, parentCatalogId) : null;
        if (parent) {
          if (parent.siteId !== before.siteId) throw errors.badRequest('不能移动到其他站点的栏目下');
          // The new parent's path runs through the moved catalogue exactly when it lies in its subtree.
          const byId = new Map((await catalogRepo.siteRows(tx, before.siteId)).map((r) => [r.id, r]));
          for (let at: CatalogRow | undefined = parent; at; at = at.parentCatalogId ? byId.get(at.parentCatalogId) : undefined) {
            if (at.id === id) throw errors.badRequest('不能把栏目移动到它自己或它的下级栏目下');
          }
        }
        if ((before.parentCatalogId ?? null) === (parent?.id ?? null)) return presentCatalog(before);
        const values = {
          parentCatalogId: parent?.id ?? null,
          level: parent ? parent.level + 1 : 1,
          catalogPath: pathUnder(parent, before.code),
          sort: await nextSort(tx, before.siteId, parent?.id ?? null),
        };
        const after =
          lockVersion === undefined ? await catalogRepo.set(tx, id, values, ctx.actor) : await catalogRepo.update(tx, id, lockVersion, values, ctx.actor);
        await repathChildren(tx, after, ctx);
        const where = parent ? `「${parent.catalogName}」下` : '顶级';
        await log(tx, ctx, 'MOVE', id, `移动栏目「${after.catalogName}」到${where}`, before, after);
        return presentCatalog(after);
      });
    },

    /** Sets the order of one parent's children: `catalogIds` must be exactly those children, in the new order. */
    async sort(siteId: number, parentCatalogId: number | null, catalogIds: number[], ctx: ChangeContext) {
      return change(async (tx) => {
        await requireLiveSite(tx, siteId);
        const siblings = await catalogRepo.siblings(tx, siteId, parentCatalogId);
        const given = new Set(catalogIds);
        if (given.size !== catalogIds.length || given.size !== siblings.length || siblings.some((s) => !given.has(s.id))) {
          throw errors.conflict('栏目已被他人调整，请刷新后重新排序');
        }
        for (const [index, id] of catalogIds.entries()) await catalogRepo.setSort(tx, id, (index + 1) * SORT_STEP, ctx.actor);
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
        const before = await requireLiveCatalog(tx, id);
        const children = await catalogRepo.countChildren(tx, id);
        if (children) throw errors.conflict(`栏目「${before.catalogName}」下还有 ${children} 个子栏目，请先删除或移走子栏目`);
        const articles = await articlesIn(tx, id);
        if (articles) throw errors.conflict(`栏目「${before.catalogName}」下还有 ${articles} 篇文章，请先删除或移走文章`);
        const after = await catalogRepo.softDelete(tx, id, lockVersion, ctx.actor);
        await log(tx, ctx, 'DELETE', id, `删除栏目「${before.catalogName}」`, before, after);
      });
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
