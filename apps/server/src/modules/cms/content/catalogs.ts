import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { notDeleted } from '../../../core/records';
import { cmsCatalog } from '../catalog/schema';
import { linkTree } from '../../../core/tree';

/**
 * What articles need to know of catalogues: read only. The catalogue service answers the portal's
 * (enabled-only) questions; the back office also files articles under disabled catalogues that an
 * editor is preparing, so these lookups see every live catalogue.
 */
export interface CatalogRef {
  catalogId: number;
  siteId: number;
  catalogName: string;
}

export async function catalogRefOf(ex: Executor, catalogId: number): Promise<CatalogRef> {
  const [row] = await ex
    .select({ catalogId: cmsCatalog.id, siteId: cmsCatalog.siteId, catalogName: cmsCatalog.catalogName })
    .from(cmsCatalog)
    .where(and(eq(cmsCatalog.id, catalogId), notDeleted(cmsCatalog)))
    .limit(1);
  if (!row) throw errors.badRequest('所选栏目不存在或已被删除');
  return row;
}

/** The catalogue's name for an answer about one of its articles (null once it is gone). */
export async function catalogNameOf(ex: Executor, catalogId: number): Promise<string | null> {
  const [row] = await ex.select({ catalogName: cmsCatalog.catalogName }).from(cmsCatalog).where(eq(cmsCatalog.id, catalogId)).limit(1);
  return row?.catalogName ?? null;
}

/** The catalogue and every live catalogue below it: filtering by a tree node lists its whole branch. */
export async function catalogSubtreeIds(ex: Executor, catalogId: number): Promise<number[]> {
  const [root] = await ex.select({ siteId: cmsCatalog.siteId }).from(cmsCatalog).where(eq(cmsCatalog.id, catalogId)).limit(1);
  if (!root) return [catalogId];
  const rows = await ex
    .select({ id: cmsCatalog.id, parent: cmsCatalog.parentCatalogId })
    .from(cmsCatalog)
    .where(and(eq(cmsCatalog.siteId, root.siteId), notDeleted(cmsCatalog)));
  const children = new Map<number, number[]>();
  for (const r of rows) if (r.parent) children.set(r.parent, [...(children.get(r.parent) ?? []), r.id]);
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

export interface CatalogTreeNode {
  catalogId: number;
  parentCatalogId: number | null;
  siteId: number;
  catalogName: string;
  catalogStatus: string;
  children: CatalogTreeNode[];
}

/** Every live catalogue as a tree (disabled ones too: an editor files articles there before enabling it). */
export async function catalogTree(ex: Executor): Promise<CatalogTreeNode[]> {
  const rows = await ex
    .select({ catalogId: cmsCatalog.id, parentCatalogId: cmsCatalog.parentCatalogId, siteId: cmsCatalog.siteId, catalogName: cmsCatalog.catalogName, catalogStatus: cmsCatalog.catalogStatus })
    .from(cmsCatalog)
    .where(notDeleted(cmsCatalog))
    .orderBy(asc(cmsCatalog.siteId), asc(cmsCatalog.level), asc(cmsCatalog.sort), asc(cmsCatalog.id));
  return linkTree(rows, (r) => r.catalogId, (r) => r.parentCatalogId, 'root');
}
