import { useEffect, useState, type Key } from 'react';
import { Alert, App, Checkbox, Empty, Modal, Select, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import type { MenuNode } from '@dandelion/shared/system/func';
import { errorMessage, postJson } from '../../../api/http';
import { fetchOrgAdmins, fetchOrgBindings, fetchOrgUsers, saveOrgAdmins, saveOrgBindings, type OrgNode, type OrgUser } from './api';

interface DialogProps {
  org: OrgNode | null;
  onClose: () => void;
}

const userLabel = (u: OrgUser) => `${u.realname ?? u.username}（${u.username}）`;

/** 设置管理员: pick administrators among the org's members (its subtree included). */
export function OrgAdminDialog({ org, onClose }: DialogProps) {
  const { message } = App.useApp();
  const [options, setOptions] = useState<OrgUser[]>([]);
  const [value, setValue] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!org) return;
    let live = true;
    setLoading(true);
    setError(null);
    const controller = new AbortController();
    Promise.all([
      fetchOrgAdmins(org.orgId),
      fetchOrgUsers({ orgId: org.orgId, includeChildren: true, pageParameter: { pageNum: 1, pageSize: 500 } }, controller.signal),
    ])
      .then(([admins, members]) => {
        if (!live) return;
        // Current admins stay pickable even when they no longer belong to the org.
        const byId = new Map([...members.list, ...admins].map((u) => [u.id, u]));
        setOptions([...byId.values()]);
        setValue(admins.map((a) => a.id));
      })
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
      controller.abort();
    };
  }, [org]);

  const save = async () => {
    if (!org) return;
    setSaving(true);
    setError(null);
    try {
      await saveOrgAdmins(org.orgId, value);
      message.success('管理员已保存');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={!!org} title={`设置管理员 · ${org?.orgName ?? ''}`} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="保存" destroyOnHidden>
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Typography.Paragraph type="secondary">可从本机构及下级机构的用户中选择管理员。</Typography.Paragraph>
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label="管理员"
          placeholder="请选择管理员"
          value={value}
          onChange={setValue}
          showSearch={{ optionFilterProp: 'label' }}
          options={options.map((u) => ({ value: u.id, label: userLabel(u) }))}
          notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该机构下没有用户" />}
        />
      </Spin>
    </Modal>
  );
}

interface RuleOption {
  id: string;
  ruleName: string;
  ruleCode: string;
}

const toTreeData = (menus: MenuNode[]): TreeDataNode[] =>
  menus.map((m) => ({ key: m.id, title: m.meta.title, children: m.children.length ? toTreeData(m.children) : undefined }));

/** 绑定权限: the menus (checkbox tree) and data-permission rules bound to the org. */
export function OrgBindDialog({ org, onClose }: DialogProps) {
  const { message } = App.useApp();
  const [menus, setMenus] = useState<TreeDataNode[]>([]);
  const [rules, setRules] = useState<RuleOption[]>([]);
  const [funcIds, setFuncIds] = useState<Key[]>([]);
  const [ruleIds, setRuleIds] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!org) return;
    let live = true;
    setLoading(true);
    setError(null);
    Promise.all([
      postJson<{ menus: MenuNode[] }>('/rest/menu/getMenuUserTree', {}, { silent: true }),
      postJson<{ list: RuleOption[] }>('/rest/datapermission/page', { pageParameter: { pageNum: 1, pageSize: 500 } }, { silent: true }),
      fetchOrgBindings(org.orgId),
    ])
      .then(([tree, page, bindings]) => {
        if (!live) return;
        setMenus(toTreeData(tree.menus));
        setRules(page.list);
        setFuncIds(bindings.funcIds);
        setRuleIds(bindings.ruleIds);
      })
      .catch((e: unknown) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [org]);

  const save = async () => {
    if (!org) return;
    setSaving(true);
    setError(null);
    try {
      await saveOrgBindings(org.orgId, { funcIds: funcIds.map(String), ruleIds });
      message.success('绑定已保存');
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={!!org} title={`绑定权限 · ${org?.orgName ?? ''}`} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText="保存" width={640} destroyOnHidden>
      <Spin spinning={loading}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Typography.Title level={5}>菜单</Typography.Title>
        <div style={{ maxHeight: 320, overflow: 'auto', marginBottom: 16 }}>
          {/* checkStrictly: binding a menu group does not silently bind every page under it. */}
          <Tree checkable checkStrictly defaultExpandAll treeData={menus} checkedKeys={{ checked: funcIds, halfChecked: [] }} onCheck={(keys) => setFuncIds(Array.isArray(keys) ? keys : keys.checked)} />
        </div>
        <Typography.Title level={5}>数据权限规则</Typography.Title>
        {rules.length ? (
          <Checkbox.Group value={ruleIds} onChange={(v) => setRuleIds(v as string[])} options={rules.map((r) => ({ value: r.id, label: `${r.ruleName}（${r.ruleCode}）` }))} />
        ) : (
          <Typography.Text type="secondary">暂无数据权限规则</Typography.Text>
        )}
      </Spin>
    </Modal>
  );
}
