/** Tree helpers the console's tree lists share (functions, organisations, dictionaries). */

interface Branch<T> {
  children?: T[] | null;
}

/**
 * The nodes that match, with every ancestor of a match kept so the tree still reads as a tree.
 * A matching node keeps its whole subtree. Nodes are copied, the input is left as it was.
 */
export function filterTree<T extends Branch<T>>(nodes: readonly T[], matches: (node: T) => boolean): T[] {
  const out: T[] = [];
  for (const node of nodes) {
    if (matches(node)) {
      out.push(node);
      continue;
    }
    const children = filterTree(node.children ?? [], matches);
    if (children.length) out.push({ ...node, children });
  }
  return out;
}

/** Every key in a tree (to expand a filtered answer fully). */
export function treeKeys<T extends Branch<T>>(nodes: readonly T[], keyOf: (node: T) => string): string[] {
  return nodes.flatMap((n) => [keyOf(n), ...treeKeys(n.children ?? [], keyOf)]);
}

/**
 * Sibling order after dragging `moved` onto `target`: placed before or after it. Answers null when
 * nothing would change (dropped on itself, or in the place it already holds).
 */
export function reorder(ids: readonly string[], moved: string, target: string, place: 'before' | 'after'): string[] | null {
  if (moved === target || !ids.includes(moved) || !ids.includes(target)) return null;
  const rest = ids.filter((id) => id !== moved);
  const at = rest.indexOf(target) + (place === 'after' ? 1 : 0);
  const next = [...rest.slice(0, at), moved, ...rest.slice(at)];
  return next.every((id, i) => id === ids[i]) ? null : next;
}
