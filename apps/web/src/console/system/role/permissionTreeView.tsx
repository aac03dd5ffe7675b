/** The permission tree's view state in the 分配权限 drawer: search with highlight, 展开全部 / 折叠全部, 全选 / 取消全选. */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Button, Input, Space, Tag, type TreeDataNode } from 'antd';
import type { FuncNode } from './api';

export const FUNC_TYPE_TAGS: Record<string, { label: string; color: string }> = {
  DIR: { label: '目录', color: 'blue' },
  MENU: { label: '菜单', color: 'green' },
  BUTTON: { label: '按钮', color: 'orange' },
};

/** A function's name and type tag; the searched text marked in the name. */
export function funcTitle(node: Pick<FuncNode, 'funcName' | 'funcType'>, keyword = ''): ReactNode {
  const tag = FUNC_TYPE_TAGS[node.funcType];
  const at = keyword ? node.funcName.toLowerCase().indexOf(keyword.toLowerCase()) : -1;
  const name =
    at < 0 ? (
      node.funcName
    ) : (
      <>
        {node.funcName.slice(0, at)}
        <mark className="dl-tree-match">{node.funcName.slice(at, at + keyword.length)}</mark>
        {node.funcName.slice(at + keyword.length)}
      </>
    );
  return (
    <span>
      {name} <Tag color={tag?.color}>{tag?.label ?? node.funcType}</Tag>
    </span>
  );
}

const matches = (node: FuncNode, keyword: string) => {
  const k = keyword.toLowerCase();
  return node.funcName.toLowerCase().includes(k) || node.funcCode.toLowerCase().includes(k);
};

interface Shaped {
  data: TreeDataNode[];
  /** Nodes on the way to a match: expanded while searching. */
  paths: Key[];
  matchCount: number;
}

/**
 * The tree with non-matching branches hidden, not removed: the Tree keeps every node, so ticking
 * while a search is on still conducts to parents and children the search hides.
 */
function shape(nodes: FuncNode[], keyword: string, ancestorMatched: boolean): Shaped & { visible: boolean } {
  const out: Shaped & { visible: boolean } = { data: [], paths: [], matchCount: 0, visible: false };
  for (const n of nodes) {
    const self = !!keyword && matches(n, keyword);
    const below = shape(n.children, keyword, ancestorMatched || self);
    const visible = !keyword || self || ancestorMatched || below.visible;
    out.visible ||= visible;
    out.matchCount += below.matchCount + (self ? 1 : 0);
    out.paths.push(...below.paths);
    if (keyword && below.matchCount > 0) out.paths.push(n.funcId);
    out.data.push({
      key: n.funcId,
      title: funcTitle(n, self ? keyword : ''),
      children: below.data,
      style: visible ? undefined : { display: 'none' },
    });
  }
  return out;
}

function keysOf(nodes: FuncNode[], into: string[] = [], withChildrenOnly = false): string[] {
  for (const n of nodes) {
    if (!withChildrenOnly || n.children.length) into.push(n.funcId);
    keysOf(n.children, into, withChildrenOnly);
  }
  return into;
}

export function usePermissionTreeView(funcs: FuncNode[] | undefined) {
  const [keyword, setKeyword] = useState('');
  // Opened at the top level: menus show, buttons wait until their menu is opened.
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const trimmed = keyword.trim();
  const shaped = useMemo(() => shape(funcs ?? [], trimmed, false), [funcs, trimmed]);
  const allKeys = useMemo(() => keysOf(funcs ?? []), [funcs]);
  const parentKeys = useMemo(() => keysOf(funcs ?? [], [], true), [funcs]);
  const expandedKeys = expanded ?? (trimmed ? shaped.paths : (funcs ?? []).map((n) => n.funcId));
  return {
    treeData: shaped.data,
    allKeys,
    expandedKeys,
    setExpandedKeys: (keys: Key[]) => setExpanded(keys),
    expandAll: () => setExpanded(parentKeys),
    collapseAll: () => setExpanded([]),
    keyword: trimmed,
    matchCount: shaped.matchCount,
    search: (value: string) => {
      setKeyword(value);
      // A new search opens the way to its matches.
      setExpanded(null);
    },
  };
}

export type PermissionTreeView = ReturnType<typeof usePermissionTreeView>;

/** Search box and the four buttons above the tree. */
export function PermissionTreeToolbar({ view, onCheckAll }: { view: PermissionTreeView; onCheckAll: (all: boolean) => void }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search allowClear placeholder="搜索菜单或按钮名称、权限标识" aria-label="搜索菜单或按钮" style={{ width: 260 }} onChange={(e) => view.search(e.target.value)} onSearch={view.search} />
      <Button onClick={() => onCheckAll(true)}>全选</Button>
      <Button onClick={() => onCheckAll(false)}>取消全选</Button>
      <Button onClick={view.expandAll}>展开全部</Button>
      <Button onClick={view.collapseAll}>折叠全部</Button>
    </Space>
  );
}
