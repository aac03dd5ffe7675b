import { Form, Input, Select } from 'antd';
import { DATA_SCOPE_LABELS, ROLE_PERMISSIONS, roleBody, SUPER_ROLE_CODE } from '@dandelion/shared/system/role';
import { auditItems, dictTag, labelTag, multilineOf, statusTag } from '../../../components/detail';
import { RoleUsersTable } from './RoleDrawers';
import { RolePermissionsTab } from './RoleRelated';
import { DictSelect } from '../../../components/DictSelect';
import { OrgTreeSelect } from '../../../components/OrgTreeSelect';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, RemarkField, SortField, StatusField, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { roleApi, type RoleDetail, type RoleValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/role.ts). */
const rules = rulesOf(roleBody);

/** Only CUSTOM names organisations; the server clears the list for every other scope anyway. */
const toBody = (values: RoleValues): RoleValues => ({
  ...values,
  dataOrgIds: values.dataScope === 'CUSTOM' ? (values.dataOrgIds ?? []) : [],
  remark: values.remark?.trim() ? values.remark : null,
});

/** /system/role/roleAdd|roleUpd?id=|roleDetail?id=: the shared role form. ADMIN keeps its code. */
export default function RoleFormPage() {
  const [form] = Form.useForm<RoleValues>();
  const dataScope = Form.useWatch('dataScope', form);
  const roleCode = Form.useWatch('roleCode', form);
  const { mode, id } = useFormMode();
  return (
    <FormPage<RoleValues, RoleDetail>
      entityName="角色"
      detail={{
        editPermission: ROLE_PERMISSIONS.upd,
        items: (r) => [
          { label: '角色编码', value: r.roleCode },
          { label: '角色名称', value: r.roleName },
          { label: '角色类型', value: dictTag('ROLE_TYPE', r.roleType) },
          { label: '数据范围', value: labelTag(DATA_SCOPE_LABELS, r.dataScope) },
          r.dataScope === 'CUSTOM' && { label: '自定义机构', value: `${r.dataOrgIds.length} 个机构` },
          { label: '状态', value: statusTag(r.status) },
          { label: '排序', value: r.sort },
          { label: '备注', value: multilineOf(r.remark), span: 'filled' },
          ...auditItems(r),
        ],
        tabs: (r) => [
          { key: 'users', label: '用户', children: <RoleUsersTable roleId={r.roleId} /> },
          { key: 'permissions', label: '权限', children: <RolePermissionsTab roleId={r.roleId} /> },
        ],
      }}
      form={form}
      load={(id, signal) => roleApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0, dataScope: 'SELF', dataOrgIds: [] }}
      save={(values, { mode, id, record }) => (mode === 'add' ? roleApi.add(toBody(values)) : roleApi.update(id!, record!.lockVersion, toBody(values)))}
    >
      <Form.Item
        name="roleCode"
        label="角色编码"
        rules={[...rules.roleCode, duplicateRule({ tableName: 'role', fieldName: 'roleCode', dataId: id, schema: roleBody.shape.roleCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="请输入角色编码" disabled={mode !== 'add' && roleCode === SUPER_ROLE_CODE} />
      </Form.Item>
      <Form.Item name="roleName" label="角色名称" rules={rules.roleName}>
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item name="roleType" label="角色类型" rules={rules.roleType}>
        <DictSelect category="ROLE_TYPE" placeholder="请选择角色类型" />
      </Form.Item>
      <Form.Item name="dataScope" label="数据范围" rules={[requiredRule('请选择数据范围'), ...rules.dataScope]}>
        <Select options={Object.entries(DATA_SCOPE_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      {dataScope === 'CUSTOM' && (
        <Form.Item name="dataOrgIds" label="自定义机构" rules={[requiredRule('自定义范围请至少选择一个机构'), ...rules.dataOrgIds]}>
          <OrgTreeSelect multiple placeholder="请选择可见的机构" />
        </Form.Item>
      )}
      <StatusField rules={rules.status} required />
      <SortField rules={rules.sort} required />
      <RemarkField rules={rules.remark} />
    </FormPage>
  );
}
