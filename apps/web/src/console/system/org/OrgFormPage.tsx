import { useSearchParams } from 'react-router';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { orgBody, ORG_PERMISSIONS, ORG_STATUS_LABELS } from '@dandelion/shared/system/org';
import { auditItems, dictTag, labelTag, multilineOf, textOf } from '../../../components/detail';
import { DictSelect } from '../../../components/DictSelect';
import { OrgTreeSelect } from '../../../components/OrgTreeSelect';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { addOrg, fetchOrgDetail, updateOrg, type OrgDetail, type OrgValues } from './api';

const STATUS_OPTIONS = Object.entries(ORG_STATUS_LABELS).map(([value, label]) => ({ value, label }));
/** The same rules and messages the server applies (packages/shared/src/system/org.ts). */
const rules = rulesOf(orgBody);

/** Blank optional text is sent as null, so clearing a field really clears it. */
function clean(values: OrgValues): OrgValues {
  const out = { ...values } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) if (typeof value === 'string' && value.trim() === '') out[key] = null;
  out.parentOrgId = values.parentOrgId ?? null;
  return out as unknown as OrgValues;
}

/** /system/org/orgAdd|orgUpd?id=|orgDetail?id=: the one organisation form (spec §2, fields of spec §3). */
export default function OrgFormPage() {
  const [form] = Form.useForm<OrgValues>();
  const [search] = useSearchParams();
  const { id } = useFormMode();
  const queryClient = useQueryClient();
  const parentId = search.get('parentId');

  return (
    <FormPage<OrgValues, OrgDetail>
      entityName="机构"
      detail={{
        editPermission: ORG_PERMISSIONS.upd,
        items: (o) => [
          { label: '机构编码', value: o.orgCode },
          { label: '机构名称', value: o.orgName },
          { label: '机构类型', value: dictTag('ORG_TYPE', o.orgType) },
          { label: '机构级别', value: dictTag('ORG_LEVEL', o.orgLevel) },
          { label: '上级机构', value: o.parentOrgId ? textOf(o.parentOrgName) : '顶级机构' },
          { label: '机构状态', value: labelTag(ORG_STATUS_LABELS, o.orgStatus, { NORMAL: 'success' }) },
          { label: '联系人', value: textOf(o.orgLinkman) },
          { label: '联系电话', value: textOf(o.orgLinktel) },
          { label: '联系邮箱', value: textOf(o.orgLinkemail) },
          { label: '排序', value: o.orgSort },
          { label: '机构地址', value: textOf(o.orgAddr), span: 'filled' },
          { label: '备注', value: multilineOf(o.remark), span: 'filled' },
          ...auditItems(o),
        ],
      }}
      form={form}
      load={(orgId, signal) => fetchOrgDetail(orgId, signal)}
      initialValues={{ orgStatus: 'NORMAL', orgSort: 0, parentOrgId: parentId }}
      save={async (values, { mode, id: orgId, record }) => {
        const body = clean(values);
        const result = mode === 'add' ? await addOrg(body) : await updateOrg(orgId!, record!.lockVersion, body);
        // Trees elsewhere (selects, the list) cache levels: a change must show there too.
        await queryClient.invalidateQueries({ queryKey: ['org-tree'] });
        return result;
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="orgCode"
            label="机构编码"
            rules={[...rules.orgCode, duplicateRule({ tableName: 'organisation', fieldName: 'orgCode', dataId: id, schema: orgBody.shape.orgCode })]}
            validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
          >
            <Input placeholder="请输入机构编码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgName" label="机构名称" rules={rules.orgName}>
            <Input placeholder="请输入机构名称" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgType" label="机构类型">
            <DictSelect category="ORG_TYPE" placeholder="请选择机构类型" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgLevel" label="机构级别">
            <DictSelect category="ORG_LEVEL" placeholder="请选择机构级别" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item noStyle shouldUpdate>
            {() => (
              <Form.Item name="parentOrgId" label="上级机构" extra="不选则为顶级机构">
                <OrgTreeSelect
                  placeholder="请选择上级机构"
                  // An org cannot sit under itself or its own branch.
                  excludeIds={id ? [id] : undefined}
                  labels={(() => {
                    const record = queryClient.getQueryData<OrgDetail>(['form-record', '机构', id]);
                    return record?.parentOrgId && record.parentOrgName ? { [record.parentOrgId]: record.parentOrgName } : undefined;
                  })()}
                />
              </Form.Item>
            )}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgStatus" label="机构状态" rules={[requiredRule('请选择机构状态'), ...rules.orgStatus]}>
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgLinkman" label="联系人" rules={rules.orgLinkman}>
            <Input placeholder="请输入联系人" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgLinktel" label="联系电话" rules={rules.orgLinktel}>
            <Input placeholder="手机、座机或6-9位号码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgLinkemail" label="联系邮箱" rules={rules.orgLinkemail}>
            <Input placeholder="请输入联系邮箱" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgSort" label="排序" rules={[requiredRule('请输入排序'), ...rules.orgSort]} extra="同级机构按排序从小到大显示">
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="orgAddr" label="机构地址" rules={rules.orgAddr}>
            <Input placeholder="请输入机构地址" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={3} placeholder="请输入备注" />
          </Form.Item>
        </Col>
      </Row>
    </FormPage>
  );
}
