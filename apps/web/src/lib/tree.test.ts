import { describe, expect, it } from 'vitest';
import { filterTree, reorder, treeKeys } from './tree';

interface Node {
  id: string;
  name: string;
  children?: Node[];
}
const TREE: Node[] = [
  { id: '1', name: '系统管理', children: [{ id: '2', name: '用户管理', children: [{ id: '3', name: '删除' }] }, { id: '4', name: '角色管理' }] },
  { id: '5', name: '个人中心' },
];

describe('filterTree', () => {
  it('keeps matches with their ancestors, and a matching node with its whole subtree', () => {
    expect(filterTree(TREE, (n) => n.name === '删除')).toEqual([{ id: '1', name: '系统管理', children: [{ id: '2', name: '用户管理', children: [{ id: '3', name: '删除' }] }] }]);
    expect(filterTree(TREE, (n) => n.name === '用户管理')[0]!.children).toEqual([TREE[0]!.children![0]]);
    expect(filterTree(TREE, () => false)).toEqual([]);
    expect(TREE[0]!.children).toHaveLength(2);
  });

  it('lists every key for expanding', () => {
    expect(treeKeys(TREE, (n) => n.id)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('reorder', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('places the moved id before or after the target', () => {
    expect(reorder(ids, 'd', 'a', 'before')).toEqual(['d', 'a', 'b', 'c']);
    expect(reorder(ids, 'a', 'c', 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(reorder(ids, 'a', 'd', 'after')).toEqual(['b', 'c', 'd', 'a']);
  });

  it('answers null when nothing changes or an id is not a sibling', () => {
    expect(reorder(ids, 'b', 'b', 'before')).toBeNull();
    expect(reorder(ids, 'b', 'c', 'before')).toBeNull();
    expect(reorder(ids, 'b', 'a', 'after')).toBeNull();
    expect(reorder(ids, 'x', 'a', 'before')).toBeNull();
  });
});
