import { useState } from 'react';
import { Alert, App, Button, Form, Input, Select } from 'antd';
import { PURCHASE_CONTACT_MESSAGE, PURCHASE_KIND_LABELS, PURCHASE_KINDS, PURCHASE_MESSAGE_MAX, PURCHASE_SUCCESS_MESSAGE, purchaseForm } from '@dandelion/shared/award/achievement';
import { errorMessage } from '../../api/http';
import { rulesOf } from '../../components/form/zodRules';
import { ComplaintCaptcha } from '../complaint/ComplaintCaptcha';
import { addPurchase, type PurchaseInput } from './api';

const rules = rulesOf(purchaseForm);
const KIND_OPTIONS = PURCHASE_KINDS.map((kind) => ({ value: kind, label: PURCHASE_KIND_LABELS[kind] }));

/**
 * 有意向合作 (spec §7 /rest/purchase/addPurchase): how the visitor would like to work with the
 * achievement, who they are and how to reach them (a mobile number or an e-mail), and the image
 * captcha the complaint form uses. A refusal shows above the button and brings a new captcha.
 */
export function PurchaseForm({ achievementId, onSubmitted }: { achievementId: string; onSubmitted?: () => void }) {
  const [form] = Form.useForm<PurchaseInput>();
  const { message } = App.useApp();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const newCaptcha = () => setCaptchaRound((r) => r + 1);

  const submit = async (values: PurchaseInput) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      await addPurchase({
        achievementId,
        kind: values.kind,
        organisation: values.organisation.trim(),
        contactName: values.contactName.trim(),
        phone: values.phone?.trim() || null,
        email: values.email?.trim() || null,
        message: values.message.trim(),
        captchaKey: values.captchaKey,
        captchaCode: values.captchaCode.trim(),
      });
      void message.success(PURCHASE_SUCCESS_MESSAGE);
      form.resetFields();
      newCaptcha();
      onSubmitted?.();
    } catch (error) {
      setRefusal(errorMessage(error));
      newCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  // Either a mobile number or an e-mail is enough; the check sits on the phone field and is re-run when the e-mail changes.
  const eitherContact = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, value: unknown) =>
      String(value ?? '').trim() || String(getFieldValue('email') ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(PURCHASE_CONTACT_MESSAGE)),
  });

  return (
    <Form form={form} layout="vertical" name="purchase" onFinish={submit} className="dl-purchase-form" requiredMark initialValues={{ kind: 'LICENSE' }}>
      <Form.Item label="合作方式" name="kind" rules={rules.kind}>
        <Select options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item label="单位名称" name="organisation" rules={rules.organisation} required>
        <Input maxLength={100} autoComplete="organization" />
      </Form.Item>
      <Form.Item label="联系人" name="contactName" rules={rules.contactName} required>
        <Input maxLength={32} autoComplete="name" />
      </Form.Item>
      <Form.Item label="手机号码" name="phone" rules={[...rules.phone, eitherContact]} dependencies={['email']} extra="手机号码与电子邮箱至少填写一项">
        <Input maxLength={11} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label="电子邮箱" name="email" rules={rules.email}>
        <Input maxLength={128} autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="合作意向说明" name="message" rules={rules.message} required>
        <Input.TextArea rows={4} maxLength={PURCHASE_MESSAGE_MAX} showCount placeholder="请说明合作内容、期望方式等" />
      </Form.Item>
      <ComplaintCaptcha form={form} round={captchaRound} onRefresh={newCaptcha} />
      {refusal && <Alert type="error" showIcon title={refusal} className="dl-purchase-form__refusal" />}
      <Button type="primary" htmlType="submit" loading={submitting} block>
        提交合作意向
      </Button>
    </Form>
  );
}
