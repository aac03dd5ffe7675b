import { Form, Input, InputNumber, Select } from 'antd';
import { DATA_PERMISSION_PERMISSIONS, RULE_STATUS_LABELS, ruleBody, SCOPE_TYPE_LABELS } from '@dandelion/shared/system/datapermission';
import { OrgTreeSelect } from '../../../components/OrgTreeSelect';
import { FormPage, requiredRule, rulesOf } from '../../../components/form';
import { ruleApi, type RuleDetail, type RuleValues } from './api';
import { auditItems, labelTag, multilineOf, statusTag, tagsOf } from '../../../components/detail';

/** The same rules and messages the server applies (packages/shared/src/system/datapermission.ts). */
const rules = rulesOf(ruleBody);

const SCOPE_OPTIONS = Object.entries(SCOPE_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = Object.entries(RULE_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** Only CUSTOM names organisations; the server refuses a list with any other scope. */
const toBody = (values: RuleValues): RuleValues => ({
  ...values,
  orgIds: values.scopeType === 'CUSTOM' ? (values.orgIds ?? []) : [],
  remark: values.remark?.trim() ? values.remark : null,
});

/** /system/datapermission/datapermissionAdd|Upd?id=|Detail?id=: the shared rule form. */
export default function DatapermissionFormPage() {
  const [form] = Form.useForm<RuleValues>();
  const scopeType = Form.useWatch('scopeType', form);

  return (
    <FormPage<RuleValues, RuleDetail>
      entityName="数据权限规则"
      detail={{
        editPermission: DATA_PERMISSION_PERMISSIONS.upd,
        items: (r) => [
          { label: '规则编码', value: r.ruleCode },
          { label: '规则名称', value: r.ruleName },
          { label: '数据范围', value: labelTag(SCOPE_TYPE_LABELS, r.scopeType, { ALL: 'blue' }) },
          r.scopeType === 'CUSTOM' && { label: '自定义机构', value: tagsOf(r.orgs.map((o) => o.orgName)) },
          { label: '状态', value: statusTag(r.status) },
          { label: '排序', value: r.sort },
          { label: '备注', value: multilineOf(r.remark), span: 'filled' },
          ...auditItems(r),
        ],
      }}
      form={form}
      load={(id, signal) => ruleApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0, orgIds: [] }}
      save={(values, { mode, id, record }) => (mode === 'add' ? ruleApi.add(toBody(values)) : ruleApi.update(id!, record!.lockVersion, toBody(values)))}
    >
      <Form.Item
        name="ruleCode"
        label="规则编码"
        rules={rules.ruleCode}
      >
        <Input placeholder="请输入规则编码" />
      </Form.Item>
      <Form.Item name="ruleName" label="规则名称" rules={rules.ruleName}>
        <Input placeholder="请输入规则名称" />
      </Form.Item>
      <Form.Item name="scopeType" label="数据范围" rules={[requiredRule('请选择数据范围')]}>
        <Select options={SCOPE_OPTIONS} placeholder="请选择" />
      </Form.Item>
      {scopeType === 'CUSTOM' && (
        <Form.Item name="orgIds" label="自定义机构" rules={[requiredRule('自定义范围请至少选择一个机构'), ...rules.orgIds]}>
          <OrgTreeSelect multiple placeholder="请选择可见的机构" labels={labelsOf(form)} />
        </Form.Item>
      )}
      <Form.Item name="status" label="状态" rules={[requiredRule('请选择状态'), ...rules.status]}>
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[requiredRule('请输入排序'), ...rules.sort]}>
        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}

/** Names of the loaded record's orgs, so the select shows names before their branches load. */
function labelsOf(form: ReturnType<typeof Form.useForm<RuleValues>>[0]): Record<string, string> | undefined {
  const orgs = ((form.getFieldsValue(true) as Partial<RuleDetail>).orgs) ?? [];
  return orgs.length ? Object.fromEntries(orgs.map((o) => [o.orgId, o.orgName])) : undefined;
}
