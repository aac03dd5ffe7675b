import { useEffect, useState } from 'react';
import { Alert, App, Col, Form, Input, Modal, Row } from 'antd';
import { MESSAGE_CHANNEL_LABELS, scanTemplate } from '@dandelion/shared/message/template';
import { errorMessage } from '../../../api/http';
import { requiredRule } from '../../../components/form';
import { UserPicker } from '../../../components/UserPicker/UserPicker';
import { TemplatePreview } from './TemplatePreview';
import { searchRecipients, sendTemplate, type Template } from './api';

interface SendValues {
  userIds: string[];
  values: Record<string, string>;
}

/**
 * 发送: choose recipients and fill the template's variables (sample values to start from), see the
 * result, send. A refusal (a variable missing or unknown) is shown here, naming the variables.
 */
export function SendDialog({ template, onClose, onSent }: { template: Template | null; onClose: () => void; onSent?: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = (Form.useWatch('values', form) ?? {}) as Record<string, string>;
  const variables = template ? scanTemplate(template.title, template.content).variables : [];

  useEffect(() => {
    if (!template) return;
    form.setFieldsValue({ userIds: [], values: { ...template.sampleValues } });
    // A refusal belongs to this sending: the next template (or the next opening) starts without one.
    return () => setRefusal(null);
  }, [template, form]);

  const submit = async (input: SendValues) => {
    if (!template) return;
    setSending(true);
    setRefusal(null);
    try {
      const result = await sendTemplate({ templateId: template.templateId, userIds: input.userIds, values: input.values ?? {} });
      if (result.failed) message.warning(`已发送 ${result.sent} 条，失败 ${result.failed} 条，原因见发送记录`);
      else message.success(`已发送 ${result.sent} 条`);
      onSent?.();
      onClose();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={!!template}
      title={template ? `发送：${template.templateName}（${MESSAGE_CHANNEL_LABELS[template.channel]}）` : '发送'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="发送"
      confirmLoading={sending}
      width={880}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col xs={24} md={13}>
          <Form<SendValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} onValuesChange={() => setRefusal(null)}>
            <Form.Item name="userIds" label="收信人" rules={[requiredRule('请选择收信人')]}>
              <UserPicker search={searchRecipients} placeholder="输入用户名、姓名或手机号查找收信人" />
            </Form.Item>
            {variables.map((name) => (
              <Form.Item key={name} name={['values', name]} label={`变量 ${name}`} rules={[requiredRule(`请填写变量 ${name} 的值`), { max: 500, message: '变量的值不能超过500个字符' }]}>
                <Input />
              </Form.Item>
            ))}
            {refusal && <Alert type="error" showIcon title={refusal} />}
          </Form>
        </Col>
        <Col xs={24} md={11}>
          {template && <TemplatePreview channel={template.channel} title={template.title} content={template.content} values={values} missingLabel="尚未填写：" />}
        </Col>
      </Row>
    </Modal>
  );
}
