import { useState } from 'react';
import { Form, Input, Select } from 'antd';
import { ASSIGNMENT_ROLE_LABELS, expertPushCalls, type AssignmentChangeKind } from '@dandelion/shared/award/expertPush';
import { FormModal, rulesOf } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { expertPushApi, type Proposal } from './api';

const rules = rulesOf(expertPushCalls.change.body);

export const CHANGE_TITLES: Record<AssignmentChangeKind, string> = { ADD: '添加专家', REMOVE: '移除专家', LOCK: '锁定分配', UNLOCK: '解除锁定', VETO: '排除专家' };
const HINTS: Record<AssignmentChangeKind, string> = {
  ADD: '手工添加的分配会被锁定，重新生成方案时保留。存在回避情形的专家不能添加。',
  REMOVE: '已推送的专家移除后由候补专家递补；已提交评审意见的不能移除。',
  LOCK: '锁定后重新生成方案时保留该分配。',
  UNLOCK: '解除锁定后重新生成方案时可能被替换。',
  VETO: '排除后该专家不再分配给该申报书；已有的分配同时移除。',
};

/** What the office is about to change: the action, the declaration and (except for ADD) the expert. */
export interface PendingChange {
  action: AssignmentChangeKind;
  declarationId: string;
  declarationTitle: string;
  expertId?: string;
  expertName?: string;
}

interface ChangeValues {
  expertId?: string;
  role?: 'MAIN' | 'ALTERNATE';
  reason: string;
}

/** The reason dialog every manual change goes through: no change without a reason (it is logged). */
export function ChangeModal({ groupId, pending, experts, onClose, onChanged }: { groupId: string; pending: PendingChange | null; experts: Proposal['loads']; onClose: () => void; onChanged: (proposal: Proposal) => void }) {
  const [form] = Form.useForm<ChangeValues>();
  const [shown, setShown] = useState<PendingChange | null>(pending);
  if (pending && pending !== shown) setShown(pending);
  const change = pending ?? shown;
  if (!change) return null;
  return (
    <FormModal<ChangeValues, Proposal>
      open={!!pending}
      title={`${CHANGE_TITLES[change.action]}：${change.declarationTitle}`}
      name="assignmentChange"
      form={form}
      initialValues={{ role: 'MAIN' }}
      save={(values) =>
        expertPushApi.change({ groupId, action: change.action, declarationId: change.declarationId, expertId: change.expertId ?? values.expertId ?? '', role: change.action === 'ADD' ? values.role : undefined, reason: values.reason })
      }
      onSaved={onChanged}
      onClose={onClose}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>{HINTS[change.action]}</p>
      {change.action === 'ADD' ? (
        <>
          <Form.Item name="expertId" label="专家" rules={[{ required: true, message: '请选择专家' }]}>
            <Select showSearch optionFilterProp="label" placeholder="本组专家" options={experts.map((e) => ({ value: e.expertId, label: `${e.expertName}（${e.load}/${e.maxLoad}）` }))} />
          </Form.Item>
          <Form.Item name="role" label="角色">
            <Select options={optionsOf(ASSIGNMENT_ROLE_LABELS)} />
          </Form.Item>
        </>
      ) : (
        <Form.Item label="专家">{change.expertName}</Form.Item>
      )}
      <Form.Item name="reason" label="理由" rules={rules.reason}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="调整理由将记入调整日志" />
      </Form.Item>
    </FormModal>
  );
}
