import type { Catalog } from './api';

/** Every catalogue of a tree by id. */
export function indexCatalogs(nodes: readonly Catalog[], into = new Map<string, Catalog>()): Map<string, Catalog> {
  for (const node of nodes) {
    into.set(node.catalogId, node);
    indexCatalogs(node.children, into);
  }
  return into;
}

/** The ids of one parent's children, in their order (null: the top level). */
export function siblingIds(roots: readonly Catalog[], byId: Map<string, Catalog>, parentId: string | null): string[] {
  const list = parentId ? (byId.get(parentId)?.children ?? []) : roots;
  return list.map((c) => c.catalogId);
}

/** A catalogue and everything below it: where it cannot be moved. */
export function subtreeIds(node: Catalog): Set<string> {
  const out = new Set<string>([node.catalogId]);
  for (const child of node.children) for (const id of subtreeIds(child)) out.add(id);
  return out;
}

export interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** Tree-select options for 移动到: the moved catalogue's own subtree is disabled. */
export function parentOptions(nodes: readonly Catalog[], excluded: Set<string>): ParentOption[] {
  return nodes.map((n) => ({ value: n.catalogId, title: n.catalogName, disabled: excluded.has(n.catalogId), children: parentOptions(n.children, excluded) }));
}
