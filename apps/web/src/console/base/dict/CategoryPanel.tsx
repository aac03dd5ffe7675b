import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { App, Badge, Space, Spin, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { LockOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionBar, type ActionButton } from '../../../components/ActionBar';
import { EmptyState } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { reorder } from '../../../lib/tree';
import { useHasPermission } from '../../../api/consoleStore';
import { DICT_PERMISSIONS as P, MAX_CATEGORY_LEVEL } from '@dandelion/shared/base/dict';
import { dictApi, type AppFilter, type CategoryNode, type DictRecord } from './api';
import { CategoryFormModal, type CategoryFormTarget } from './EntryForms';
import './dict.css';

export const CATEGORY_TREE_KEY = ['base-dict-categories'] as const;

const ALL = '__all__';
const SHARED = '__shared__';

const filterOf = (value: string): AppFilter => (value === ALL ? { kind: 'all' } : value === SHARED ? { kind: 'shared' } : { kind: 'app', appCode: value });

/** The siblings list holding `id` (the top level when it has no parent). */
function siblingsOf(nodes: CategoryNode[], id: string): CategoryNode[] | null {
  if (nodes.some((n) => n.dictId === id)) return nodes;
  for (const n of nodes) {
    const found = siblingsOf(n.childrens, id);
    if (found) return found;
  }
  return null;
}

/** Every category id of a tree (the tree opens fully by default: categories are few). */
const categoryKeys = (list: CategoryNode[]): string[] => list.flatMap((n) => [n.dictId, ...categoryKeys(n.childrens)]);

export function findCategory(nodes: CategoryNode[], id: string | null): CategoryNode | null {
  if (!id) return null;
  for (const n of nodes) {
    if (n.dictId === id) return n;
    const found = findCategory(n.childrens, id);
    if (found) return found;
  }
  return null;
}

export interface CategoryPanelProps {
  selectedId: string | null;
  onSelect: (category: CategoryNode | null) => void;
  /** After any change that alters what selects show (the console's cached copies must go). */
  onChanged: (categories?: string[]) => Promise<void>;
}

/**
 * The left side of /base/dict/dictList: the category tree, searchable and filtered by application,
 * with per-node actions and sibling reordering by dragging (locked categories stay put).
 */
export function CategoryPanel({ selectedId, onSelect, onChanged }: CategoryPanelProps) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const searchForm = useRef<SearchFormHandle>(null);
  const [keyword, setKeyword] = useState('');
  const [appValue, setAppValue] = useState(ALL);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [form, setForm] = useState<CategoryFormTarget | null>(null);
  const canSort = useHasPermission(P.sort);
  const filter = filterOf(appValue);
  const filtering = keyword !== '' || filter.kind !== 'all';

  const tree = useQuery({ queryKey: [...CATEGORY_TREE_KEY, keyword, appValue], queryFn: () => dictApi.categoryTree(keyword, filter) });
  const apps = useQuery({ queryKey: ['base-dict-apps'], queryFn: dictApi.apps });
  const fullTree = useQuery({ queryKey: [...CATEGORY_TREE_KEY, '', ALL], queryFn: () => dictApi.categoryTree('', { kind: 'all' }), enabled: !!form });
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);

  // The selected category as last read (a rename or lock shows on the right at once).
  useEffect(() => {
    const fresh = findCategory(nodes, selectedId);
    if (fresh) onSelect(fresh);
  }, [nodes, selectedId, onSelect]);

  const reload = async () => {
    await client.invalidateQueries({ queryKey: CATEGORY_TREE_KEY });
    await client.invalidateQueries({ queryKey: ['base-dict-apps'] });
  };

  const remove = async (node: CategoryNode) => {
    await dictApi.removeCategory(node);
    message.success('删除成功');
    if (selectedId === node.dictId) onSelect(null);
    await reload();
    await onChanged([node.dictCode]);
  };

  const toggleLock = async (node: CategoryNode) => {
    await dictApi.setLock(node, !node.lockFlag);
    message.success(node.lockFlag ? '已解锁' : '已锁定');
    await reload();
  };

  const refresh = async () => {
    const counts = await dictApi.refreshCache();
    await onChanged();
    modal.success({ title: '缓存已刷新', content: `所有服务实例已重新读取字典：${counts.categories} 个分类、${counts.items} 个字典项。` });
  };

  const dropAmongSiblings = async (draggedId: string, targetId: string, place: 'before' | 'after') => {
    const siblings = siblingsOf(nodes, draggedId);
    if (!siblings || !siblings.some((n) => n.dictId === targetId)) return;
    const ids = reorder(siblings.map((n) => n.dictId), draggedId, targetId, place);
    if (!ids) return;
    await dictApi.sort(siblings[0]!.parentId, ids);
    message.success('排序已保存');
    await reload();
  };

  // All in one 更多 menu per node: the tree stays one line per category.
  const actionsOf = (node: CategoryNode): ActionButton[] => [
    { key: 'addChild', label: '新增下级', permission: P.add, overflow: true, hidden: node.dictLevel >= MAX_CATEGORY_LEVEL, onClick: () => setForm({ record: null, parentId: node.dictId }) },
    { key: 'upd', label: '修改', permission: P.upd, overflow: true, disabled: node.lockFlag, onClick: () => setForm({ record: node }) },
    { key: 'lock', label: node.lockFlag ? '解锁' : '锁定', permission: P.lock, overflow: true, onClick: () => toggleLock(node) },
    {
      key: 'del', label: '删除', permission: P.del, danger: true, overflow: true, disabled: node.lockFlag,
      confirm: { title: `确定删除字典分类「${node.dictName}」吗？`, description: '还有下级分类或字典项的分类不能删除。' },
      onClick: () => remove(node),
    },
  ];

  const toTreeData = (list: CategoryNode[]): TreeDataNode[] =>
    list.map((node) => ({
      key: node.dictId,
      isLeaf: node.childrens.length === 0,
      title: (
        <Space size={6} className="dict-category-node" data-dict-code={node.dictCode}>
          <span>{node.dictName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {node.dictCode}
          </Typography.Text>
          {node.lockFlag && (
            <Tooltip title="已锁定：不能修改、移动或删除">
              <LockOutlined aria-label="已锁定" style={{ color: 'var(--ant-color-warning, #faad14)' }} />
            </Tooltip>
          )}
          <Badge count={node.itemCount} showZero color="#bfbfbf" size="small" title={`${node.itemCount} 个字典项`} />
          <span onClick={(e) => e.stopPropagation()}>
            <ActionBar variant="row" actions={actionsOf(node)} />
          </span>
        </Space>
      ),
      children: node.childrens.length ? toTreeData(node.childrens) : undefined,
    }));

  const treeData = toTreeData(nodes);
  const allKeys = useMemo(() => categoryKeys(nodes), [nodes]);
  const lockedIds = useMemo(() => new Set(allKeys.filter((id) => findCategory(nodes, id)?.lockFlag)), [allKeys, nodes]);
  const dragEnabled = canSort && !filtering;

  // No 应用 chosen means every application's categories.
  const searchFields: SearchField[] = [
    { name: 'keyword', label: '分类', placeholder: '分类名称或编码' },
    {
      name: 'appCode',
      label: '所属应用',
      type: 'select',
      placeholder: '全部应用',
      options: [{ value: SHARED, label: '公共（所有应用）' }, ...(apps.data ?? []).map((a) => ({ value: a.appCode, label: `${a.appName}（${a.dicts.length}）` }))],
    },
  ];

  return (
    <>
      <ActionBar
        className="dict-category-toolbar"
        actions={[
          { key: 'add', label: '新增分类', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setForm({ record: null, parentId: null }) },
          {
            key: 'refresh', label: '刷新缓存', icon: <SyncOutlined />, permission: P.refresh,
            confirm: { title: '确定刷新字典缓存吗？', description: '所有服务实例会丢弃缓存并重新读取字典。' },
            onClick: refresh,
          },
        ]}
      />
      <SearchForm<{ keyword?: string; appCode?: string }>
        ref={searchForm}
        name="dict-category-search"
        fields={searchFields}
        onSearch={(values) => {
          setKeyword(values.keyword ?? '');
          setAppValue(values.appCode ?? ALL);
          setExpanded(null);
        }}
      />
      {dragEnabled && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
          拖动分类可在同级之间调整顺序；已锁定的分类保持原位。
        </Typography.Paragraph>
      )}
      <Spin spinning={tree.isFetching}>
        {treeData.length ? (
          <Tree
            blockNode
            treeData={treeData}
            // Searching or filtering opens every match; otherwise the user's own expanding (all open at first).
            expandedKeys={expanded ?? allKeys}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedId ? [selectedId] : []}
            draggable={dragEnabled ? { icon: false, nodeDraggable: (node) => !lockedIds.has(String(node.key)) } : false}
            allowDrop={({ dragNode, dropNode, dropPosition }) => {
              if (dropPosition === 0) return false;
              const siblings = siblingsOf(nodes, String(dragNode.key));
              return !!siblings?.some((n) => n.dictId === String(dropNode.key));
            }}
            onDrop={(info) => {
              const pos = info.node.pos.split('-');
              const relative = info.dropPosition - Number(pos[pos.length - 1]);
              if (!info.dropToGap || relative === 0) return;
              void dropAmongSiblings(String(info.dragNode.key), String(info.node.key), relative < 0 ? 'before' : 'after').catch(() => reload());
            }}
            onSelect={(_, info) => onSelect(info.selected ? findCategory(nodes, String(info.node.key)) : null)}
          />
        ) : (
          <EmptyState
            what="字典分类"
            hint="字典分类汇集一组可选的值（如机构类型），新增后在右侧维护它的字典项。"
            add={{ label: '新增分类', permission: P.add, onClick: () => setForm({ record: null, parentId: null }) }}
            searched={filtering}
            onClearSearch={() => searchForm.current?.clear()}
            loading={tree.isPending}
          />
        )}
      </Spin>
      <CategoryFormModal
        target={form}
        tree={fullTree.data ?? nodes}
        apps={apps.data ?? []}
        onClose={() => setForm(null)}
        onSaved={async (saved: DictRecord) => {
          const before = form?.record;
          setForm(null);
          await reload();
          await onChanged(before && before.dictCode !== saved.dictCode ? [before.dictCode, saved.dictCode] : [saved.dictCode]);
        }}
      />
    </>
  );
}
