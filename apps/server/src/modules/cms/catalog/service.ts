import { linkTree } from '../../../core/tree';
import { cmsCatalog } from './schema';

export type CatalogRow = typeof cmsCatalog.$inferSelect;
export interface CatalogNode extends CatalogRow {
  children: CatalogNode[];
}

/** Builds the tree from a flat, sorted list; orphans (parent disabled or gone) are dropped. */
export function buildCatalogTree(rows: CatalogRow[]): CatalogNode[] {
  return linkTree(rows, (r) => r.id, (r) => r.parentCatalogId);
}
