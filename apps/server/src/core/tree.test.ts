import { describe, expect, it } from 'vitest';
import { linkTree } from './tree';

const rows = [
  { id: 1, pid: null, name: 'a' },
  { id: 2, pid: 1, name: 'a1' },
  { id: 3, pid: 1, name: 'a2' },
  { id: 4, pid: 9, name: 'orphan' },
  { id: 5, pid: 4, name: 'under orphan' },
];
const names = (nodes: Array<{ name: string; children: unknown[] }>): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.name, names(n.children as typeof nodes)] : n.name));

describe('linkTree', () => {
  it('links children in row order and drops a branch whose parent is missing', () => {
    expect(names(linkTree(rows, (r) => r.id, (r) => r.pid))).toEqual([['a', ['a1', 'a2']]]);
  });
  it('lists such a branch as a root when asked', () => {
    expect(names(linkTree(rows, (r) => r.id, (r) => r.pid, 'root'))).toEqual([['a', ['a1', 'a2']], ['orphan', ['under orphan']]]);
  });
  it('leaves the input rows untouched', () => {
    linkTree(rows, (r) => r.id, (r) => r.pid);
    expect(rows[0]).not.toHaveProperty('children');
  });
});
