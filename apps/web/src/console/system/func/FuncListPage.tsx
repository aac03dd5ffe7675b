import { Card, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PlusOutlined } from '@ant-design/icons';
import { ActionBar } from '../../../components/ActionBar';
import { menuIcon } from '../../layout/menuIcons';
import { deleteFunc, fetchFuncTree, FUNC_PERMISSIONS as P, FUNC_TYPE_LABELS, sortFuncs, type FuncNode } from './api';

const TREE_KEY = ['system-func-tree'];
const BASE = '/system/func';

/**
 * /system/func/funcList: the whole function tree (directories, menus, buttons). Order within a
 * parent changes with 上移/下移 (buttons, not drag: reliable with keyboards and in tests).
 */
export default function FuncListPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const tree = useQuery({ queryKey: TREE_KEY, queryFn: fetchFuncTree });
  const reload = () => client.invalidateQueries({ queryKey: TREE_KEY });

  const siblingsOf = (node: FuncNode): FuncNode[] => {
    if (node.pid === null) return tree.data ?? [];
    const find = (list: FuncNode[]): FuncNode | undefined => list.reduce<FuncNode | undefined>((hit, n) => hit ?? (n.id === node.pid ? n : find(n.children ?? [])), undefined);
    return find(tree.data ?? [])?.children ?? [];
  };
  const move = async (node: FuncNode, step: -1 | 1) => {
    const ids = siblingsOf(node).map((n) => n.id);
    const at = ids.indexOf(node.id);
    [ids[at], ids[at + step]] = [ids[at + step]!, ids[at]!];
    await sortFuncs(node.pid, ids);
    await reload();
  };
  const remove = async (node: FuncNode) => {
    await deleteFunc(node.id);
    await reload();
  };

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
      <ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => navigate(`${BASE}/funcAdd`) }]} />
      <Table<FuncNode> rowKey="id" loading={tree.isLoading} dataSource={tree.data ?? []} columns={columns} pagination={false} size="middle" style={{ marginTop: 12 }} />
    </Card>
  );
}
