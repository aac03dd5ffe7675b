/** A row with its children linked in. */
export type TreeNode<R> = R & { children: TreeNode<R>[] };

/**
 * Links flat rows into a tree by their parent id, keeping the rows' order among siblings (sort the
 * rows as the children should be listed). A row whose parent is not among the rows is dropped with
 * its branch (`orphans: 'drop'`, e.g. under a disabled catalogue) or listed as a root (`'root'`).
 */
export function linkTree<R, K>(
  rows: readonly R[],
  idOf: (row: R) => K,
  parentOf: (row: R) => K | null | undefined,
  orphans: 'drop' | 'root' = 'drop',
): TreeNode<R>[] {
  const nodes = new Map<K, TreeNode<R>>(rows.map((row) => [idOf(row), { ...row, children: [] }]));
  const roots: TreeNode<R>[] = [];
  for (const node of nodes.values()) {
    const parentId = parentOf(node);
    const parent = parentId == null ? undefined : nodes.get(parentId);
    if (parent) parent.children.push(node);
    else if (parentId == null || orphans === 'root') roots.push(node);
  }
  return roots;
}
