import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, App, Empty, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { errorMessage } from '../../../api/http';
import { bindAppMenus, fetchAllMenuTree, fetchApp, type AppRecord, type MenuTreeNode } from './api';

interface Props {
  app: AppRecord | null;
  onClose: () => void;
}

const toTreeData = (menus: MenuTreeNode[]): TreeDataNode[] =>
  menus.map((m) => ({ key: m.id, title: m.funcName, children: m.children?.length ? toTreeData(m.children) : undefined }));

/** Parent of every node, and the leaf ids, of the menu tree. */
function indexTree(menus: MenuTreeNode[]) {
  const parentOf = new Map<string, string | null>();
  const leaves = new Set<string>();
  const walk = (nodes: MenuTreeNode[], parent: string | null) => {
    for (const n of nodes) {
      parentOf.set(n.id, parent);
      if (n.children?.length) walk(n.children, n.id);
      else leaves.add(n.id);
    }
  };
  walk(menus, null);
  return { parentOf, leaves };
}

/** 绑定菜单: the menus (conducting checkbox tree) an application shows. */
export function AppMenuDialog({ app, onClose }: Props) {
  const { message } = App.useApp();
  const [menus, setMenus] = useState<MenuTreeNode[]>([]);
  const [checked, setChecked] = useState<Key[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const index = useMemo(() => indexTree(menus), [menus]);
  const treeData = useMemo(() => toTreeData(menus), [menus]);

  useEffect(() => {
    if (!app) return;
    let live = true;
    setLoading(true);
    setError(null);
    setMenus([]);
    setChecked([]);
    Promise.all([fetchAllMenuTree(), fetchApp(app.appId)])
      .then(([tree, detail]) => {
        if (!live) return;
        const { leaves } = indexTree(tree);
        setMenus(tree);
        // The saved ids include half-checked parents; checking only the leaves lets the tree derive the rest.
        setChecked((detail.funcIds ?? []).filter((id) => leaves.has(id)));
      })
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [app]);

  const save = async () => {
    if (!app) return;
    // Checked plus half-checked: every ancestor of a checked node.
    const ids = new Set<string>();
    for (const key of checked) {
      let id: string | null | undefined = String(key);
      while (id && !ids.has(id)) {
        ids.add(id);
        id = index.parentOf.get(id);
      }
    }
    setSaving(true);
    setError(null);
    try {
      await bindAppMenus(app.appId, [...ids]);
      message.success('保存成功');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!app}
      title={`绑定菜单 · ${app?.appName ?? ''}`}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: loading }}
      confirmLoading={saving}
      okText="保存"
      width={560}
      destroyOnHidden
    >
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <div style={{ maxHeight: 420, overflow: 'auto' }}>
          {treeData.length ? (
            <Tree checkable defaultExpandAll treeData={treeData} checkedKeys={checked} onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)} />
          ) : (
            !loading && <Empty description="暂无菜单" />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
