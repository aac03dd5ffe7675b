import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { cmsCatalog } from './schema';

export type CatalogRow = typeof cmsCatalog.$inferSelect;
export interface CatalogNode extends CatalogRow {
  children: CatalogNode[];
}

export const CATALOG_STATUS_ENABLE = 'ENABLE';

/** Builds the tree from a flat, sorted list; orphans (parent disabled or gone) are dropped. */
export function buildCatalogTree(rows: CatalogRow[]): CatalogNode[] {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as CatalogNode[] }]));
  const roots: CatalogNode[] = [];
  for (const node of nodes.values()) {
    if (!node.parentCatalogId) roots.push(node);
    else nodes.get(node.parentCatalogId)?.children.push(node);
  }
  return roots;
}

export function createCatalogService({ db }: { db: Executor }) {
  return {
    async listEnabled(siteId: number): Promise<CatalogRow[]> {
      return db
        .select()
        .from(cmsCatalog)
        .where(and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.catalogStatus, CATALOG_STATUS_ENABLE), notDeleted(cmsCatalog)))
        .orderBy(asc(cmsCatalog.level), asc(cmsCatalog.sort), asc(cmsCatalog.id));
    },
    async findEnabledByCode(siteId: number, code: string): Promise<CatalogRow | null> {
      const rows = await db
        .select()
        .from(cmsCatalog)
        .where(
          and(eq(cmsCatalog.siteId, siteId), eq(cmsCatalog.code, code), eq(cmsCatalog.catalogStatus, CATALOG_STATUS_ENABLE), notDeleted(cmsCatalog)),
        )
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
