import { useMemo, useRef, useState, type DragEvent } from 'react';
import { App, Card, Flex, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PlusOutlined } from '@ant-design/icons';
import { ActionBar } from '../../../components/ActionBar';
import { EmptyState } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { optionsOf } from '../../../lib/options';
import { filterTree, reorder, treeKeys } from '../../../lib/tree';
import { useHasPermission } from '../../../api/consoleStore';
import { menuIcon } from '../../../components/MenuIcon';
import { FUNC_PERMISSIONS as P, FUNC_TYPE_LABELS } from '@dandelion/shared/system/func';
import { deleteFunc, fetchFuncTree, sortFuncs, type FuncNode } from './api';
import './funcList.css';

const TREE_KEY = ['system-func-tree'];
const BASE = '/system/func';

interface FuncSearch {
  keyword?: string;
  funcType?: FuncNode['funcType'];
}

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '名称/权限标识', placeholder: '名称或权限标识' },
  { name: 'funcType', label: '类型', type: 'select', options: optionsOf(FUNC_TYPE_LABELS) },
];

interface DropMark {
  id: string;
  place: 'before' | 'after';
}

/**
 * /system/func/funcList: the whole function tree (directories, menus, buttons), searchable by name
 * or permission code and type. Order within a parent changes by dragging a row onto a sibling, or
 * with 上移/下移 (keyboard users); dragging is off while a search narrows the tree.
 */
export default function FuncListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const canSort = useHasPermission(P.sort);
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: fetchFuncTree });
  const reload = () => client.invalidateQueries({ queryKey: TREE_KEY });
  const searchForm = useRef<SearchFormHandle>(null);
  const [{ keyword = '', funcType: type }, setSearch] = useState<FuncSearch>({});
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const dragged = useRef<FuncNode | null>(null);
  const [dropMark, setDropMark] = useState<DropMark | null>(null);

  const filtering = keyword.trim() !== '' || type !== undefined;
  const shown = useMemo(() => {
    const all = tree.data ?? [];
    if (!filtering) return all;
    const needle = keyword.trim().toLowerCase();
    return filterTree(all, (n) => (!needle || n.funcName.toLowerCase().includes(needle) || n.funcCode.toLowerCase().includes(needle)) && (!type || n.funcType === type));
  }, [tree.data, keyword, type, filtering]);

  const siblingsOf = (node: FuncNode): FuncNode[] => {
    if (node.pid === null) return tree.data ?? [];
    const find = (list: FuncNode[]): FuncNode | undefined => list.reduce<FuncNode | undefined>((hit, n) => hit ?? (n.id === node.pid ? n : find(n.children ?? [])), undefined);
    return find(tree.data ?? [])?.children ?? [];
  };
  const saveOrder = async (node: FuncNode, ids: string[]) => {
    await sortFuncs(node.pid, ids);
    message.success('排序已保存');
    await reload();
  };
  const move = async (node: FuncNode, step: -1 | 1) => {
    const ids = siblingsOf(node).map((n) => n.id);
    const at = ids.indexOf(node.id);
    [ids[at], ids[at + step]] = [ids[at + step]!, ids[at]!];
    await saveOrder(node, ids);
  };
  const remove = async (node: FuncNode) => {
    await deleteFunc(node.id);
    await reload();
  };

  const dragEnabled = canSort && !filtering;
  const placeOf = (event: DragEvent<HTMLElement>): DropMark['place'] => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };
  const rowDragProps = (row: FuncNode) =>
    dragEnabled
      ? {
          draggable: true,
          'data-drop': dropMark?.id === row.id ? dropMark.place : undefined,
          onDragStart: (event: DragEvent<HTMLElement>) => {
            dragged.current = row;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', row.id);
          },
          onDragOver: (event: DragEvent<HTMLElement>) => {
            const from = dragged.current;
            // Only among siblings: moving under another parent is the form's 上级 field.
            if (!from || from.id === row.id || from.pid !== row.pid) return;
            event.preventDefault();
            const place = placeOf(event);
            if (dropMark?.id !== row.id || dropMark.place !== place) setDropMark({ id: row.id, place });
          },
          onDragLeave: () => setDropMark((mark) => (mark?.id === row.id ? null : mark)),
          onDragEnd: () => {
            dragged.current = null;
            setDropMark(null);
          },
          onDrop: (event: DragEvent<HTMLElement>) => {
            event.preventDefault();
            const from = dragged.current;
            dragged.current = null;
            setDropMark(null);
            if (!from || from.pid !== row.pid) return;
            const ids = reorder(siblingsOf(row).map((n) => n.id), from.id, row.id, placeOf(event));
            if (ids) void saveOrder(from, ids).catch(() => undefined);
          },
        }
      : {};

  const columns = [
    { key: 'funcName', title: '名称', dataIndex: 'funcName', render: (name: string, n: FuncNode) => <span>{menuIcon(n.icon, [])} {name}</span> },
    { key: 'funcType', title: '类型', dataIndex: 'funcType', width: 80, render: (t: FuncNode['funcType']) => <Tag color={t === 'BUTTON' ? 'orange' : t === 'DIR' ? 'blue' : 'green'}>{FUNC_TYPE_LABELS[t]}</Tag> },
    { key: 'funcCode', title: '权限标识', dataIndex: 'funcCode' },
    { key: 'path', title: '路由地址', dataIndex: 'path', render: (v: string | null) => v ?? '-' },
    { key: 'status', title: '状态', dataIndex: 'status', width: 80, render: (s: string) => (s === 'NORMAL' ? '正常' : '停用') },
    {
      key: 'action',
      title: '操作',
      width: 320,
      render: (_: unknown, n: FuncNode) => {
        const siblings = siblingsOf(n);
        const at = siblings.findIndex((s) => s.id === n.id);
        return (
          <ActionBar
            variant="row"
            actions={[
              { key: 'addChild', label: '新增下级', permission: P.add, hidden: n.funcType === 'BUTTON', onClick: () => navigate(`${BASE}/funcAdd?pid=${n.id}`) },
              { key: 'addButton', label: '新增按钮', permission: P.add, hidden: n.funcType !== 'MENU', onClick: () => navigate(`${BASE}/funcAdd?pid=${n.id}&type=BUTTON`) },
              { key: 'upd', label: '修改', permission: P.upd, onClick: () => navigate(`${BASE}/funcUpd?id=${n.id}`) },
              { key: 'detail', label: '详情', permission: P.detail, overflow: true, onClick: () => navigate(`${BASE}/funcDetail?id=${n.id}`) },
              { key: 'up', label: '上移', permission: P.sort, overflow: true, disabled: at <= 0, onClick: () => move(n, -1) },
              { key: 'down', label: '下移', permission: P.sort, overflow: true, disabled: at === siblings.length - 1, onClick: () => move(n, 1) },
              { key: 'del', label: '删除', permission: P.del, danger: true, overflow: true, confirm: { title: `确定删除“${n.funcName}”吗？`, description: '有下级时不能删除；角色、机构、应用中的绑定会一并解除。' }, onClick: () => remove(n) },
            ]}
          />
        );
      },
    },
  ];

  return (
    <Card>
      <SearchForm<FuncSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => {
          setSearch(values);
          setExpanded(null);
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => navigate(`${BASE}/funcAdd`) }]} />
        {dragEnabled && <Typography.Text type="secondary">拖动行可在同级之间调整顺序</Typography.Text>}
      </Flex>
      <Table<FuncNode>
        className="func-tree-table"
        rowKey="id"
        loading={tree.isLoading}
        dataSource={shown}
        columns={columns}
        pagination={false}
        size="middle"
        style={{ marginTop: 12 }}
        expandable={{
          // A search shows every match opened up; otherwise the user's own expanding.
          expandedRowKeys: expanded ? [...expanded] : filtering ? treeKeys(shown, (n) => n.id) : undefined,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        onRow={(row) => rowDragProps(row) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: (
            <EmptyState
              what="菜单"
              hint="功能菜单由目录、菜单和按钮组成，新增后在角色中授予，用户即可在侧边栏看到。"
              add={{ permission: P.add, onClick: () => navigate(`${BASE}/funcAdd`) }}
              searched={filtering}
              onClearSearch={() => searchForm.current?.clear()}
              loading={tree.isPending}
            />
          ),
        }}
      />
    </Card>
  );
}
