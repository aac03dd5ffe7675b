import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { revocationCalls } from '@dandelion/shared/award/declarationReview';
import { rulesOf } from '../../../components/form/zodRules';
import { errorMessage } from '../../../api/http';
import { declareApi, type DeclarationRow } from '../api';

const rules = rulesOf(revocationCalls.submit.body);

/**
 * 撤回: with a reason. Immediate while the next level has not acted; otherwise it becomes a request
 * the holding level decides — the applicant is told which of the two happened.
 */
export function RevokeDialog({ row, onClose, onDone }: { row: DeclarationRow | null; onClose(): void; onDone(): void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!row) return;
    let reason: string;
    try {
      ({ reason } = await form.validateFields());
    } catch {
      return; // the field shows why
    }
    setBusy(true);
    try {
      const answer = await declareApi.revoke(row.declarationId, reason);
      onClose();
      onDone();
      if (answer.immediate) message.success('申报书已撤回');
      else
        modal.info({
          title: '撤回申请已提交',
          content: `申报书已进入审核环节（${row.currentStep}），撤回申请需由当前办理的一级同意后生效，结果将通过站内消息通知您。`,
          okText: '知道了',
        });
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={row !== null}
      title={`撤回申报 · ${row?.title ?? row?.prizeName ?? ''}`}
      okText="确认撤回"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="取消"
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
      forceRender={false}
    >
      <p>撤回后申报书不再参加本届评审。下一级尚未办理时立即撤回；已在办理中的，需由办理的一级同意。</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label="撤回理由" rules={rules.reason}>
          <Input.TextArea rows={4} maxLength={500} showCount placeholder="请说明撤回的原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
