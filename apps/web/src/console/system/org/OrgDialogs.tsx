import { useState, type Key } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Empty, Modal, Select, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import type { MenuNode } from '@dandelion/shared/system/func';
import { call } from '../../../api/call';
import { errorMessage } from '../../../api/http';
import { fetchOrgAdmins, fetchOrgBindings, fetchOrgUsers, fetchRuleOptions, saveOrgAdmins, saveOrgBindings, type OrgNode, type OrgUser } from './api';

interface DialogProps {
  org: OrgNode | null;
  onClose: () => void;
}

const userLabel = (u: OrgUser) => `${u.realname ?? u.username}（${u.username}）`;

/**
 * A dialog's save: busy while it runs, a refusal shown in the dialog, the success message and the
 * dialog closed after it. Closing forgets the user's unsaved picks (`forget`).
 */
function useDialogSave(success: string, forget: () => void, onClose: () => void) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    forget();
    setError(null);
    onClose();
  };
  const run = async (action: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      await action();
      message.success(success);
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, run, close };
}

/** 设置管理员: pick administrators among the org's members (its subtree included). */
export function OrgAdminDialog({ org, onClose }: DialogProps) {
  const orgId = org?.orgId;
  const loaded = useQuery({
    queryKey: ['org-admins', orgId],
    enabled: !!orgId,
    gcTime: 0,
    queryFn: async ({ signal }) => {
      const [admins, members] = await Promise.all([
        fetchOrgAdmins(orgId!),
        fetchOrgUsers({ orgId: orgId!, includeChildren: true, pageParameter: { pageNum: 1, pageSize: 500 } }, signal),
      ]);
      // Current admins stay pickable even when they no longer belong to the org.
      const byId = new Map([...members.list, ...admins].map((u) => [u.id, u]));
      return { options: [...byId.values()], adminIds: admins.map((a) => a.id) };
    },
  });
  // Until the user picks, the current administrators are picked.
  const [picked, setPicked] = useState<{ orgId: string; ids: string[] } | null>(null);
  const value = picked && picked.orgId === orgId ? picked.ids : (loaded.data?.adminIds ?? []);
  const saving = useDialogSave('管理员已保存', () => setPicked(null), onClose);
  const close = saving.close;
  const save = () => org && saving.run(() => saveOrgAdmins(org.orgId, value));

  const error = saving.error ?? (loaded.error ? errorMessage(loaded.error) : null);
  return (
    <Modal open={!!org} title={`设置管理员 · ${org?.orgName ?? ''}`} onCancel={close} onOk={() => void save()} confirmLoading={saving.saving} okText="保存" destroyOnHidden>
      <Spin spinning={loaded.isFetching}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Typography.Paragraph type="secondary">可从本机构及下级机构的用户中选择管理员。</Typography.Paragraph>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label="管理员"
          placeholder="请选择管理员"
          value={value}
          onChange={(ids: string[]) => orgId && setPicked({ orgId, ids })}
          showSearch={{ optionFilterProp: 'label' }}
          options={(loaded.data?.options ?? []).map((u) => ({ value: u.id, label: userLabel(u) }))}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该机构下没有用户" />}
        />
      </Spin>
    </Modal>
  );
}

const toTreeData = (menus: MenuNode[]): TreeDataNode[] =>
  menus.map((m) => ({ key: m.id, title: m.meta.title, children: m.children.length ? toTreeData(m.children) : undefined }));

/** 绑定权限: the menus (checkbox tree) and data-permission rules bound to the org. */
export function OrgBindDialog({ org, onClose }: DialogProps) {
  const orgId = org?.orgId;
  const loaded = useQuery({
    queryKey: ['org-bindings', orgId],
    enabled: !!orgId,
    gcTime: 0,
    queryFn: async () => {
      const [tree, rules, bindings] = await Promise.all([
        // The caller's own menu tree: the current-user call of the auth module.
        call(currentUserCalls.menuUserTree, undefined, { silent: true }),
        fetchRuleOptions(),
        fetchOrgBindings(orgId!),
      ]);
      return { menus: toTreeData(tree.menus), rules: rules.list, bindings };
    },
  });
  // Until the user changes them, the bound menus and rules are ticked.
  const [edited, setEdited] = useState<{ orgId: string; funcIds?: Key[]; ruleIds?: string[] } | null>(null);
  const mine = edited && edited.orgId === orgId ? edited : null;
  const funcIds = mine?.funcIds ?? loaded.data?.bindings.funcIds ?? [];
  const ruleIds = mine?.ruleIds ?? loaded.data?.bindings.ruleIds ?? [];
  const edit = (change: { funcIds?: Key[]; ruleIds?: string[] }) => orgId && setEdited({ ...mine, ...change, orgId });
  const saving = useDialogSave('绑定已保存', () => setEdited(null), onClose);
  const close = saving.close;
  const save = () => org && saving.run(() => saveOrgBindings(org.orgId, { funcIds: funcIds.map(String), ruleIds }));

  const rules = loaded.data?.rules ?? [];
  const error = saving.error ?? (loaded.error ? errorMessage(loaded.error) : null);
  return (
    <Modal open={!!org} title={`绑定权限 · ${org?.orgName ?? ''}`} onCancel={close} onOk={() => void save()} confirmLoading={saving.saving} okText="保存" width={640} destroyOnHidden>
      <Spin spinning={loaded.isFetching}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Typography.Title level={5}>菜单</Typography.Title>
        <div style={{ maxHeight: 320, overflow: 'auto', marginBottom: 16 }}>
          {/* checkStrictly: binding a menu group does not silently bind every page under it. */}
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            treeData={loaded.data?.menus ?? []}
            checkedKeys={{ checked: funcIds, halfChecked: [] }}
            onCheck={(keys) => edit({ funcIds: Array.isArray(keys) ? keys : keys.checked })}
          />
        </div>
        <Typography.Title level={5}>数据权限规则</Typography.Title>
        {rules.length ? (
          <Checkbox.Group value={ruleIds} onChange={(v) => edit({ ruleIds: v as string[] })} options={rules.map((r) => ({ value: r.id, label: `${r.ruleName}（${r.ruleCode}）` }))} />
        ) : (
          <Typography.Text type="secondary">还没有数据权限规则，可在“数据权限”中新增。</Typography.Text>
        )}
      </Spin>
    </Modal>
  );
}
