import { useMemo } from 'react';
import { Form, Radio, Select, Switch, TreeSelect, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { AUDIENCE_REQUIRED, NOTICE_AUDIENCE_LABELS } from '@dandelion/shared/message/notice';
import { UserPicker, type NamedOption } from '../../../components/UserPicker/UserPicker';
import { fetchAudienceOptions, searchAudienceUsers, type AudienceOptions } from './api';


interface TreeNode {
  value: string;
  title: string;
  children: TreeNode[];
}

/** The flat organisation list as a tree for TreeSelect. */
export function orgTree(orgs: AudienceOptions['orgs']): TreeNode[] {
  const nodes = new Map(orgs.map((o) => [o.orgId, { value: o.orgId, title: o.orgName, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const org of orgs) {
    const node = nodes.get(org.orgId)!;
    const parent = org.parentOrgId ? nodes.get(org.parentOrgId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/**
 * 通知对象: 全体用户, or the union of chosen roles, organisations (with or without their
 * sub-organisations) and users. Only an ALL notice may be made public on the portal.
 */
export function AudienceFields({ form, knownUsers }: { form: FormInstance; knownUsers: NamedOption[] }) {
  const audienceType = Form.useWatch('audienceType', form);
  const options = useQuery({ queryKey: ['notice-audience-options'], queryFn: ({ signal }) => fetchAudienceOptions(signal), staleTime: 60_000 });
  const roles = (options.data?.roles ?? []).map((r) => ({ value: r.roleId, label: r.roleName }));
  const tree = useMemo(() => orgTree(options.data?.orgs ?? []), [options.data]);
  const scoped = audienceType === 'SCOPED';

  const atLeastOne = {
    validator: () => {
      if (form.getFieldValue('audienceType') !== 'SCOPED') return Promise.resolve();
      const chosen = ['roleIds', 'orgIds', 'userIds'].some((name) => (form.getFieldValue(name) ?? []).length > 0);
      return chosen ? Promise.resolve() : Promise.reject(new Error(AUDIENCE_REQUIRED));
    },
  };

  return (
    <>
      <Form.Item name="audienceType" label="通知对象" required>
        <Radio.Group
          options={Object.entries(NOTICE_AUDIENCE_LABELS).map(([value, label]) => ({ value, label }))}
          onChange={(e) => {
            if (e.target.value === 'SCOPED') form.setFieldValue('isPublic', false);
          }}
        />
      </Form.Item>
      {scoped ? (
        <>
          <Form.Item name="roleIds" label="角色" dependencies={['orgIds', 'userIds']} rules={[atLeastOne]} extra="拥有所选任一角色的用户">
            <Select mode="multiple" options={roles} loading={options.isPending} placeholder="请选择角色" showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item label="机构" extra="所选机构的用户">
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <Form.Item name="orgIds" noStyle>
                <TreeSelect
                  multiple
                  treeData={tree}
                  treeDefaultExpandAll
                  placeholder="请选择机构"
                  showSearch={{ treeNodeFilterProp: 'title' }}
                  style={{ flex: '1 1 320px', minWidth: 240 }}
                  aria-label="机构"
                />
              </Form.Item>
              <Form.Item name="includeSubOrgs" valuePropName="checked" noStyle>
                <Switch checkedChildren="含下级机构" unCheckedChildren="仅本机构" aria-label="包含下级机构" />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item name="userIds" label="用户" extra="单独指定的用户">
            <UserPicker known={knownUsers} search={searchAudienceUsers} />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="isPublic" label="公开到门户" valuePropName="checked" extra="公开后，门户「通知公告」栏目中所有访客都能看到这条通知及其附件">
          <Switch />
        </Form.Item>
      )}
    </>
  );
}
