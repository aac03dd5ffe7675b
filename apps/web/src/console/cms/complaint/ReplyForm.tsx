import { useState } from 'react';
import { Alert, App, Button, Form, Input, Space } from 'antd';
import { COMPLAINT_REPLY_MAX, replyBody } from '@dandelion/shared/cms/complaint';
import { errorMessage } from '../../../api/http';
import { rulesOf } from '../../../components/form';
import { replyComplaint, type Complaint } from './api';

/** The server's rule and messages for a reply (plain text, markup dropped, within the limit). */
const rules = rulesOf(replyBody);

/**
 * 回复: the answer to a complaint (plain text). A refusal (closed meanwhile, changed by someone
 * else) is shown under the field; on success the caller gets the updated complaint.
 */
export function ReplyForm({ complaint, onReplied, onCancel }: { complaint: Complaint; onReplied: (updated: Complaint) => void; onCancel?: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reply: string }>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async ({ reply }: { reply: string }) => {
    setSaving(true);
    setRefusal(null);
    try {
      const updated = await replyComplaint(complaint.complaintId, complaint.lockVersion, reply.trim());
      message.success('回复成功');
      form.resetFields();
      onReplied(updated);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name={`complaint_reply_${complaint.complaintId}`} initialValues={{ reply: complaint.reply ?? '' }} onFinish={(v) => void submit(v)}>
      <Form.Item
        name="reply"
        label={complaint.status === 'REPLIED' ? '再次回复（将替换原回复）' : '回复内容'}
        rules={rules.reply}
      >
        <Input.TextArea rows={5} showCount maxLength={COMPLAINT_REPLY_MAX} placeholder="回复内容将展示给提交人；提交人已登录时会收到站内消息" />
      </Form.Item>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          提交回复
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}
