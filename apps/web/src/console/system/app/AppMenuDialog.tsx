import { useMemo, useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Empty, Modal, Spin, Tree, type TreeDataNode } from 'antd';
import { errorMessage } from '../../../api/http';
import { appApi, bindAppMenus, fetchAllMenuTree, type AppRecord, type MenuTreeNode } from './api';

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
  const appId = app?.appId;
  const loaded = useQuery({
    queryKey: ['app-menus', appId],
    enabled: !!appId,
    gcTime: 0,
    queryFn: async () => {
      const [tree, detail] = await Promise.all([fetchAllMenuTree(), appApi.detail(appId!)]);
      const { leaves } = indexTree(tree);
      // The saved ids include half-checked parents; checking only the leaves lets the tree derive the rest.
      return { tree, boundLeaves: detail.funcIds.filter((id) => leaves.has(id)) };
    },
  });
  const menus = useMemo(() => loaded.data?.tree ?? [], [loaded.data]);
  const index = useMemo(() => indexTree(menus), [menus]);
  const treeData = useMemo(() => toTreeData(menus), [menus]);
  // Until the user changes them, the bound menus are ticked.
  const [picked, setPicked] = useState<{ appId: string; keys: Key[] } | null>(null);
  const checked = picked && picked.appId === appId ? picked.keys : (loaded.data?.boundLeaves ?? []);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const close = () => {
    setPicked(null);
    setSaveError(null);
    onClose();
  };

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
    setSaveError(null);
    try {
      await bindAppMenus(app.appId, [...ids]);
      message.success('保存成功');
      close();
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const loading = loaded.isFetching;
  const error = saveError ?? (loaded.error ? errorMessage(loaded.error) : null);
  return (
    <Modal
      open={!!app}
      title={`绑定菜单 · ${app?.appName ?? ''}`}
      onCancel={close}
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
            <Tree
              checkable
              defaultExpandAll
              treeData={treeData}
              checkedKeys={checked}
              onCheck={(keys) => appId && setPicked({ appId, keys: Array.isArray(keys) ? keys : keys.checked })}
            />
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有菜单，可在“功能菜单”中新增。" />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
