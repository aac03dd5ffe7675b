import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { ApiError, errorMessage } from '../../api/http';
import { decideRevocation, type DeclarationDetail } from './api';

interface Values {
  approve: boolean;
  opinion?: string;
}

export interface RevocationDecisionModalProps {
  declaration: DeclarationDetail | null;
  onClose: () => void;
  /** After a decision, and after a refusal because the declaration changed meanwhile (409): reload what is shown. */
  onSettled: () => unknown;
}

/**
 * 办理撤回申请: the level holding the declaration approves the applicant's request or refuses it;
 * a refusal must say why (the applicant reads it).
 */
export function RevocationDecisionModal({ declaration, onClose, onSettled }: RevocationDecisionModalProps) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { message } = App.useApp();
  const approve = Form.useWatch('approve', form);

  const submit = async () => {
    if (!declaration) return;
    const values = await form.validateFields();
    setBusy(true);
    setRefusal(null);
    try {
      await decideRevocation(declaration.declarationId, declaration.lockVersion, values.approve, values.opinion?.trim());
      message.success(values.approve ? '已同意撤回' : '已驳回撤回申请');
      form.resetFields();
      onClose();
      await onSettled();
    } catch (error) {
      // The refusal stays in the dialog; a stale declaration is reloaded so a second try carries its current version.
      setRefusal(errorMessage(error));
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) await onSettled();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!declaration}
      title="办理撤回申请"
      okText="提交"
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        setRefusal(null);
        onClose();
      }}
      destroyOnHidden
    >
      {declaration?.revocation && (
        <p>
          撤回理由：{declaration.revocation.reason}
        </p>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ approve: true }} preserve={false}>
        <Form.Item name="approve" label="办理结果" rules={[{ required: true, message: '请选择是否同意撤回' }]}>
          <Radio.Group
            options={[
              { value: true, label: '同意撤回' },
              { value: false, label: '不同意' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="opinion"
          label="办理意见"
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) =>
                getFieldValue('approve') === false && !value?.trim() ? Promise.reject(new Error('请填写不同意的理由')) : Promise.resolve(),
            }),
            { max: 1000, message: '审核意见不能超过1000个字符' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount placeholder={approve === false ? '不同意撤回时须填写理由，申报人可见' : '选填'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
