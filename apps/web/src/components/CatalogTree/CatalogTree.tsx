import { useMemo } from 'react';
import { Empty, Spin, Tag, Tree, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { contentCalls } from '@dandelion/shared/cms/content';
import { call } from '../../api/call';

/*
 * The catalogue pickers of the article pages and of the resource library's 发布文章. They read the
 * contract themselves (no feature api), so that they can move to components/ as they are.
 */
type CatalogNode = CallData<typeof contentCalls.catalogTree>[number];

/** The live catalogues as a tree; shared by the list's filter and the forms' pickers. */
export function useCatalogTree() {
  return useQuery({ queryKey: ['cms-content', 'catalog-tree'], queryFn: ({ signal }) => call(contentCalls.catalogTree, {}, { signal }), staleTime: 60_000 });
}

interface TreeItem {
  key: string;
  value: string;
  title: React.ReactNode;
  label: string;
  children: TreeItem[];
}

function toItems(nodes: readonly CatalogNode[]): TreeItem[] {
  return nodes.map((n) => ({
    key: n.catalogId,
    value: n.catalogId,
    label: n.catalogName,
    title:
      n.catalogStatus === 'ENABLE' ? (
        n.catalogName
      ) : (
        <span>
          {n.catalogName}{' '}
          <Tag color="default" style={{ marginInlineEnd: 0 }}>
            停用
          </Tag>
        </span>
      ),
    children: toItems(n.children),
  }));
}

/** Left of the article list: picking a catalogue lists it and everything below it. */
export function CatalogFilterTree({ value, onChange }: { value?: string; onChange(catalogId: string | undefined, catalogName?: string): void }) {
  const tree = useCatalogTree();
  const items = useMemo(() => [{ key: '', value: '', label: '全部栏目', title: '全部栏目', children: toItems(tree.data ?? []) }], [tree.data]);
  if (tree.isPending) return <Spin size="small" />;
  if (!tree.data?.length) return <Empty description="暂无栏目" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree
      aria-label="栏目"
      blockNode
      defaultExpandAll
      treeData={items}
      selectedKeys={[value ?? '']}
      onSelect={(keys, info) => (keys[0] ? onChange(String(keys[0]), info.node.label) : onChange(undefined))}
    />
  );
}

/** A catalogue picker for forms (a controlled antd field). */
export function CatalogTreeSelect(props: { id?: string; value?: string; onChange?(value: string): void; disabled?: boolean; placeholder?: string }) {
  const tree = useCatalogTree();
  const items = useMemo(() => toItems(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      id={props.id}
      value={props.value}
      onChange={(v) => props.onChange?.(v)}
      disabled={props.disabled}
      loading={tree.isPending}
      treeData={items}
      treeNodeLabelProp="label"
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="label"
      placeholder={props.placeholder ?? '请选择栏目'}
      style={{ width: '100%' }}
      allowClear
    />
  );
}
