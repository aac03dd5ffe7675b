import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { OBJECTION_CATEGORY_LABELS, OBJECTION_EVIDENCE_MAX, OBJECTOR_KIND_LABELS, objectionFileBody, GRADE_NOT_AN_OBJECTION, type ObjectorKind } from '@dandelion/shared/award/objection';
import type { UploadedFile } from '../../api/upload';
import { rulesOf } from '../../components/form';
import { UploadField } from '../../components/upload/UploadField';
import { optionsOf } from '../../lib/options';
import { objectionApi } from './api';

/** The same rules and messages the server applies (packages/shared/src/award/objection.ts). */
const rules = rulesOf(objectionFileBody);

interface FormValues {
  kind: ObjectorKind;
  unitName?: string;
  creditCode?: string;
  seal?: UploadedFile[];
  category?: string;
  subject?: string;
  facts?: string;
  evidence?: UploadedFile[];
  contactPhone?: string;
}

const required = (message: string) => [{ required: true, message }];

/** 提出异议: person or unit, what is disputed, the facts, evidence and (a unit) the sealed page. */
export function ObjectionFormModal({ open, publicityId, declarationId, title, onClose, onFiled }: { open: boolean; publicityId: string; declarationId: string; title: string; onClose: () => void; onFiled: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form);
  const category = Form.useWatch('category', form);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    // A refused field shows its message in place; nothing is sent.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    setError(null);
    try {
      await objectionApi.file({
        publicityId,
        declarationId,
        kind: v.kind,
        unitName: v.kind === 'UNIT' ? v.unitName : null,
        creditCode: v.kind === 'UNIT' ? v.creditCode : null,
        sealFileId: v.kind === 'UNIT' ? (v.seal?.[0]?.fileId ?? null) : null,
        category: v.category as never,
        subject: v.subject ?? '',
        facts: v.facts ?? '',
        evidenceFileIds: (v.evidence ?? []).map((f) => f.fileId),
        contactPhone: v.contactPhone || null,
      });
      form.resetFields();
      onFiled();
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={`对「${title}」提出异议`} okText="提交异议" onOk={() => void submit()} confirmLoading={saving} onCancel={onClose} destroyOnHidden width={640}>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="异议须实名（个人须已完成实名认证）或加盖单位公章，并附证明材料；对评审等级有不同意见不属于异议受理范围。异议人信息仅处理人可见。" />
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={error} />}
      <Form form={form} layout="vertical" initialValues={{ kind: 'PERSON' }} name="objection">
        <Form.Item name="kind" label="异议人类型" rules={rules.kind}>
          <Radio.Group options={optionsOf(OBJECTOR_KIND_LABELS)} />
        </Form.Item>
        {kind === 'UNIT' && (
          <>
            <Form.Item name="unitName" label="单位名称" rules={[...required('请输入单位名称'), ...rules.unitName]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="creditCode" label="统一社会信用代码" rules={[...required('请输入统一社会信用代码'), ...rules.creditCode]}>
              <Input maxLength={18} />
            </Form.Item>
            <Form.Item name="seal" label="加盖单位公章的异议书页" rules={required('请上传加盖单位公章的异议书页')}>
              <UploadField maxCount={1} accept=".pdf,.jpg,.jpeg,.png" buttonText="上传盖章页" />
            </Form.Item>
          </>
        )}
        <Form.Item name="category" label="异议类别" rules={rules.category} extra={category === 'GRADE' ? GRADE_NOT_AN_OBJECTION : undefined}>
          <Select options={optionsOf(OBJECTION_CATEGORY_LABELS)} placeholder="请选择异议类别" />
        </Form.Item>
        <Form.Item name="subject" label="异议事项" rules={rules.subject}>
          <Input maxLength={200} placeholder="简要说明对什么内容有异议" />
        </Form.Item>
        <Form.Item name="facts" label="事实与理由" rules={rules.facts}>
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item name="evidence" label="证明材料" rules={required('请至少上传一份证明材料')}>
          <UploadField multiple maxCount={OBJECTION_EVIDENCE_MAX} buttonText="上传证明材料" />
        </Form.Item>
        <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
