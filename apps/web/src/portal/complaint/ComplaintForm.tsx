import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { errorMessage } from '../../api/http';
import { fieldRules, requiredRule } from '../../components/form/rules';
import { addComplaint, type ComplaintInput } from './api';
import { ComplaintCaptcha } from './ComplaintCaptcha';
import './complaint.css';

export const COMPLAINT_SUCCESS_MESSAGE = '提交成功，感谢您的反馈';

// The server's limits and messages for /rest/complain/addComplain, so the form refuses what it would.
const TITLE_MAX = 100;
const CONTENT_MAX = 2000;
const NAME_MAX = 32;
const EMAIL_MAX = 128;

/**
 * 投诉建议 (spec §7 addComplain): title, content, name, contact (spec §5 contact rule), optional
 * email and an image captcha. A refusal (wrong captcha, too many submissions) shows above the
 * button and brings a new captcha; success says so and empties the form.
 */
export function ComplaintForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const [form] = Form.useForm<ComplaintInput>();
  const { message } = App.useApp();
  const [captchaRound, setCaptchaRound] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const newCaptcha = () => setCaptchaRound((r) => r + 1);

  const submit = async (values: ComplaintInput) => {
    setSubmitting(true);
    setRefusal(null);
    try {
      const email = values.email?.trim();
      await addComplaint({
        title: values.title.trim(),
        content: values.content.trim(),
        complainantName: values.complainantName.trim(),
        contact: values.contact.trim(),
        ...(email ? { email } : {}),
        captchaKey: values.captchaKey,
        captchaCode: values.captchaCode.trim(),
      });
      void message.success(COMPLAINT_SUCCESS_MESSAGE);
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

  return (
    <Form form={form} layout="vertical" name="complaint" onFinish={submit} className="dl-complaint-form" requiredMark>
      <Form.Item label="标题" name="title" rules={[requiredRule('请输入标题')]}>
        <Input maxLength={TITLE_MAX} placeholder="请简要概括投诉或建议" />
      </Form.Item>
      <Form.Item label="内容" name="content" rules={[requiredRule('请输入投诉建议内容')]}>
        <Input.TextArea rows={5} maxLength={CONTENT_MAX} showCount placeholder="请详细描述您的投诉或建议" />
      </Form.Item>
      <Form.Item label="姓名" name="complainantName" rules={[requiredRule('请输入姓名')]}>
        <Input maxLength={NAME_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item label="联系方式" name="contact" rules={fieldRules(['contact'], { required: '请输入联系方式' })} extra="手机、固定电话或6至9位号码">
        <Input maxLength={20} autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label="邮箱" name="email" rules={fieldRules(['email'])}>
        <Input maxLength={EMAIL_MAX} autoComplete="email" inputMode="email" placeholder="选填" />
      </Form.Item>
      <ComplaintCaptcha form={form} round={captchaRound} onRefresh={newCaptcha} />
      {refusal && <Alert type="error" showIcon title={refusal} className="dl-complaint-form__refusal" />}
      <Button type="primary" htmlType="submit" loading={submitting} block>
        提交
      </Button>
    </Form>
  );
}
