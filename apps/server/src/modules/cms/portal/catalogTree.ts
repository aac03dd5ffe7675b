import { linkTree } from '../../../core/tree';

/** A catalogue as the portal sees it (the flat row; `CatalogNode` adds the children). */
export interface PortalCatalogRow {
  catalogId: number;
  parentCatalogId: number | null;
  catalogName: string;
  code: string;
  catalogPath: string | null;
  level: number;
  sort: number;
  catalogType: string;
  linkType: string;
  linkUrl: string | null;
  openType: string;
  catalogContentType: string;
  showInNav: boolean;
  /** From the catalogue's cms_template, when it has one. */
  templateStyle: string | null;
  componentName: string | null;
}

export interface CatalogNode extends PortalCatalogRow {
  children: CatalogNode[];
}

/**
 * The visible catalogues of one site: every ENABLE catalogue whose ancestors are all ENABLE too
 * (a disabled parent hides its whole branch, articles included).
 */
export interface SiteCatalogs {
  tree: CatalogNode[];
  /** Every visible catalogue by id. */
  byId: Map<number, CatalogNode>;
  byCode: Map<string, CatalogNode>;
}

/** Builds the tree from enabled rows sorted by level, sort, id; rows under a hidden parent are dropped. */
export function buildSiteCatalogs(rows: PortalCatalogRow[]): SiteCatalogs {
  const tree: CatalogNode[] = linkTree(rows, (r) => r.catalogId, (r) => r.parentCatalogId);
  const byId = new Map<number, CatalogNode>();
  const walk = (nodes: CatalogNode[]) => {
    for (const node of nodes) {
      byId.set(node.catalogId, node);
      walk(node.children);
    }
  };
  walk(tree);
  return { tree, byId, byCode: new Map([...byId.values()].map((n) => [n.code, n])) };
}

/** The ids of a node and of everything under it. */
export function subtreeIds(node: CatalogNode): number[] {
  return [node.catalogId, ...node.children.flatMap(subtreeIds)];
}

/** The navigation bar: nodes hidden from it are left out with their branch. */
export function navigationOf(nodes: CatalogNode[]): CatalogNode[] {
  return nodes.filter((n) => n.showInNav).map((n) => ({ ...n, children: navigationOf(n.children) }));
}
