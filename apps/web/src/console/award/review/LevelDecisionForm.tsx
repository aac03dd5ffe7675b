import { useState } from 'react';
import { Alert, App, Button, Form, Input, Radio } from 'antd';
import type { DeclarationDetail } from '../../../components/declarationView';
import { reviewApi, type LevelDecision } from './api';
import { requiredWhen } from './requiredWhen';
import { settleDecision } from './settleDecision';

interface Values {
  decision: LevelDecision;
  opinion?: string;
}

export interface DecisionFormProps {
  declaration: DeclarationDetail;
  /** After the decision was taken. */
  onDecided: () => unknown;
  /** After a refusal because someone else acted first (409): reload. */
  onStale: () => unknown;
}

/** 单位审核 / 提名审核: 通过 or 退回修改; a return must say why (the applicant reads it). */
export function LevelDecisionForm({ level, declaration, onDecided, onStale }: DecisionFormProps & { level: 'unit' | 'nomination' }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { message } = App.useApp();
  const decision = Form.useWatch('decision', form);
  const approveLabel = level === 'unit' ? '审核通过' : '同意提名';

  const submit = async (values: Values) => {
    setBusy(true);
    setRefusal(null);
    try {
      const refused = await settleDecision(
        () => reviewApi.decideLevel(level, declaration.declarationId, declaration.lockVersion, values.decision, values.opinion?.trim()),
        onStale,
      );
      if (refused) {
        setRefusal(refused);
        return;
      }
      message.success(values.decision === 'APPROVE' ? `已${approveLabel}` : '已退回修改');
      await onDecided();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ decision: 'APPROVE' }} onFinish={(values) => void submit(values)}>
      <Form.Item name="decision" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
        <Radio.Group
          options={[
            { value: 'APPROVE', label: approveLabel },
            { value: 'RETURN', label: '退回修改' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="opinion"
        label="审核意见"
        rules={[
          requiredWhen('decision', 'RETURN', '请填写审核意见'),
          { max: 1000, message: '审核意见不能超过1000个字符' },
        ]}
        extra={decision === 'RETURN' ? '退回后申报人可修改申报书，并看到此意见。' : undefined}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder={decision === 'RETURN' ? '请写明需要修改的内容' : '选填'} />
      </Form.Item>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        提交审核结果
      </Button>
    </Form>
  );
}
