import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { REJECT_REASON_DICT } from '@dandelion/shared/award/declaration';
import { CHECKLIST_ITEMS } from '@dandelion/shared/award/declarationReview';
import { EDITION_PERMISSIONS } from '@dandelion/shared/award/edition';
import { useHasPermission } from '../../../api/consoleStore';
import { DictSelect } from '../../../components/DictSelect';
import { reviewApi, type FormalAudit } from './api';
import type { DecisionFormProps } from './LevelDecisionForm';
import { requiredWhen } from './requiredWhen';
import { settleDecision } from './settleDecision';

type Outcome = FormalAudit['outcome'];
interface Values {
  checklist: string[];
  outcome: Outcome;
  fixDays?: number | null;
  reasons?: string[];
  opinion?: string;
}

const OUTCOME_DONE: Record<Outcome, string> = { ACCEPT: '已受理', RETURN_FOR_FIX: '已退回限期修改', REJECT: '已不予受理' };

/** 形式审查: the checklist, then 受理 / 限期修改 (working days, an opinion) / 不予受理 (dictionary reasons). */
export function FormalAuditForm({ declaration, onDecided, onStale }: DecisionFormProps) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { message } = App.useApp();
  const outcome = Form.useWatch('outcome', form);
  const mayReadEdition = useHasPermission(EDITION_PERMISSIONS.detail);
  const editionFixDays = useQuery({
    queryKey: ['edition-fix-days', declaration.editionId],
    queryFn: ({ signal }) => reviewApi.editionFixDays(declaration.editionId, signal),
    enabled: mayReadEdition,
    staleTime: 60_000,
  });

  const submit = async (values: Values) => {
    const body: FormalAudit = {
      outcome: values.outcome,
      opinion: values.opinion?.trim() || undefined,
      checklist: values.checklist ?? [],
      reasons: values.outcome === 'REJECT' ? (values.reasons ?? []) : [],
      ...(values.outcome === 'RETURN_FOR_FIX' && values.fixDays ? { fixDays: values.fixDays } : {}),
    };
    setBusy(true);
    setRefusal(null);
    try {
      const refused = await settleDecision(() => reviewApi.audit(declaration.declarationId, declaration.lockVersion, body), onStale);
      if (refused) {
        setRefusal(refused);
        return;
      }
      message.success(OUTCOME_DONE[values.outcome]);
      await onDecided();
    } finally {
      setBusy(false);
    }
  };

  const defaultDays = editionFixDays.data;
  return (
    <Form<Values> form={form} layout="vertical" initialValues={{ checklist: [], outcome: 'ACCEPT' }} onFinish={(values) => void submit(values)}>
      <Form.Item name="checklist" label="审查要点（符合的打勾）">
        <Checkbox.Group options={CHECKLIST_ITEMS.map((item) => ({ value: item, label: item }))} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} />
      </Form.Item>
      <Form.Item name="outcome" label="审查结论" rules={[{ required: true, message: '请选择审查结论' }]}>
        <Radio.Group
          options={[
            { value: 'ACCEPT', label: '受理' },
            { value: 'RETURN_FOR_FIX', label: '限期修改' },
            { value: 'REJECT', label: '不予受理' },
          ]}
        />
      </Form.Item>
      {outcome === 'RETURN_FOR_FIX' && (
        <Form.Item
          name="fixDays"
          label="修改期限"
          extra={defaultDays ? `默认按届次设置（${defaultDays} 个工作日）` : '默认按届次设置'}
          rules={[{ type: 'integer', min: 1, max: 60, message: '修改期限应为1至60个工作日' }]}
        >
          <InputNumber min={1} max={60} precision={0} placeholder={defaultDays ? String(defaultDays) : '默认'} addonAfter="个工作日" style={{ width: 220 }} />
        </Form.Item>
      )}
      {outcome === 'REJECT' && (
        <Form.Item name="reasons" label="不予受理理由" rules={[requiredWhen('outcome', 'REJECT', '请选择不予受理理由')]}>
          <DictSelect category={REJECT_REASON_DICT} mode="multiple" placeholder="从字典选择一项或多项理由" />
        </Form.Item>
      )}
      <Form.Item
        name="opinion"
        label="审查意见"
        rules={[
          requiredWhen('outcome', 'RETURN_FOR_FIX', '请填写审核意见'),
          { max: 1000, message: '审核意见不能超过1000个字符' },
        ]}
        extra={outcome === 'RETURN_FOR_FIX' ? '申报人将看到此意见，并须在期限内修改后重新提交。' : undefined}
      >
        <Input.TextArea rows={3} maxLength={1000} showCount placeholder={outcome === 'RETURN_FOR_FIX' ? '请写明需要修改的内容' : '选填'} />
      </Form.Item>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        提交审查结论
      </Button>
    </Form>
  );
}
