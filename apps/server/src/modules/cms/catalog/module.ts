import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { linkTree } from '../../../core/tree';
import type { PortalCache } from '../portalCache/module';
import { catalogRepo } from './repo';
import { registerCatalogRoutes } from './routes';
import { createCatalogService, type ArticlesIn } from './service';

/** Catalogues (栏目, /rest/cmsCatalog/*). */
export function registerCatalogModule(app: FastifyInstance, deps: { db: Db; portalCache: PortalCache; articlesIn: ArticlesIn }): void {
  registerCatalogRoutes(app, createCatalogService(deps));
}

/** How many live catalogues a site holds (a site with catalogues cannot be deleted). */
export const catalogsOfSite = (ex: Executor, siteId: number) => catalogRepo.countOfSite(ex, siteId);

/** How many live catalogues render through a template (a used template cannot be deleted). */
export const catalogsUsingTemplate = (ex: Executor, templateId: number) => catalogRepo.countUsingTemplate(ex, templateId);

/** What the portal may show of catalogues now: the enabled ones (a subquery the portal's reads select from). */
export const enabledCatalogs = (ex: Executor) => catalogRepo.enabledCatalogs(ex);

/**
 * What articles need to know of catalogues. The back office files articles under disabled
 * catalogues an editor is preparing too, so these see every live catalogue.
 */
export interface CatalogRef {
  catalogId: number;
  siteId: number;
  catalogName: string;
}

/** The live catalogue an article is filed under; 400 when it is gone. */
export async function catalogRefOf(ex: Executor, catalogId: number): Promise<CatalogRef> {
  const row = await catalogRepo.ref(ex, catalogId);
  if (!row) throw errors.badRequest('所选栏目不存在或已被删除');
  return row;
}

/** The catalogue's name for an answer about one of its articles (null once it is gone). */
export const catalogNameOf = (ex: Executor, catalogId: number) => catalogRepo.name(ex, catalogId);

/** Every catalogue's name by id (a subquery an article list joins). */
export const catalogNames = (ex: Executor) => catalogRepo.names(ex);

/** The catalogue and every live catalogue below it: filtering by a tree node lists its whole branch. */
export async function catalogSubtreeIds(ex: Executor, catalogId: number): Promise<number[]> {
  const siteId = await catalogRepo.siteOf(ex, catalogId);
  if (siteId === null) return [catalogId];
  const children = new Map<number, number[]>();
  for (const r of await catalogRepo.links(ex, siteId)) if (r.parent) children.set(r.parent, [...(children.get(r.parent) ?? []), r.id]);
  const out: number[] = [];
  const queue = [catalogId];
  while (queue.length) {
    const id = queue.shift()!;
    if (out.includes(id)) continue;
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Every live catalogue as a tree (disabled ones too: an editor files articles there before enabling it). */
export async function editorCatalogTree(ex: Executor) {
  return linkTree(await catalogRepo.editorRows(ex), (r) => r.catalogId, (r) => r.parentCatalogId, 'root');
}
