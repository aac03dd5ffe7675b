import { useState } from 'react';
import { Checkbox, Form, Input, Select } from 'antd';
import { DECLINE_REASON_LABELS, expertPushCalls } from '@dandelion/shared/award/expertPush';
import { FormModal, rulesOf } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { expertTaskApi, type DeclineValues, type ExpertTask } from './api';

const declineRules = rulesOf(expertPushCalls.decline.body);
const conflictRules = rulesOf(expertPushCalls.declareConflict.body);
const taskName = (task: ExpertTask) => `「${task.title ?? '未命名项目'}」${task.registrationNo ? `（${task.registrationNo}）` : ''}`;

/** Keeps the last task shown while a dialog closes (its content stays during the animation). */
function useShown(task: ExpertTask | null) {
  const [shown, setShown] = useState(task);
  if (task && task !== shown) setShown(task);
  return task ?? shown;
}

/**
 * 接受: the expert declares, in the same step, that they have no conflict with the project; the
 * server refuses an acceptance without it, and nothing of the declaration opens before.
 */
export function AcceptModal({ task, onClose, onDone }: { task: ExpertTask | null; onClose: () => void; onDone: (task: ExpertTask) => void }) {
  const [form] = Form.useForm<{ noConflict: boolean }>();
  const shown = useShown(task);
  if (!shown) return null;
  return (
    <FormModal<{ noConflict: boolean }, ExpertTask>
      open={!!task}
      title={`接受评审邀请：${taskName(shown)}`}
      name="acceptTask"
      okText="接受"
      doneMessage="已接受评审任务"
      form={form}
      initialValues={{ noConflict: false }}
      save={() => expertTaskApi.accept(shown.assignmentId)}
      onSaved={onDone}
      onClose={onClose}
    >
      <p>评审截止日期：{shown.deadline ?? '未设置'}</p>
      <p>接受前请确认：本人不是该项目的完成人，与项目的完成人、完成单位、申报单位和提名单位不存在亲属、师生、合作或任职等需要回避的关系。</p>
      <Form.Item
        name="noConflict"
        valuePropName="checked"
        rules={[{ validator: (_, checked: boolean) => (checked ? Promise.resolve() : Promise.reject(new Error('请确认与该项目不存在需要回避的利益冲突'))) }]}
      >
        <Checkbox>本人确认与该项目不存在需要回避的利益冲突</Checkbox>
      </Form.Item>
    </FormModal>
  );
}

/** 拒绝: a reason from the list and an optional note; an alternate takes the place. */
export function DeclineModal({ task, onClose, onDone }: { task: ExpertTask | null; onClose: () => void; onDone: (task: ExpertTask) => void }) {
  const [form] = Form.useForm<DeclineValues>();
  const shown = useShown(task);
  if (!shown) return null;
  return (
    <FormModal<DeclineValues, ExpertTask>
      open={!!task}
      title={`拒绝评审邀请：${taskName(shown)}`}
      name="declineTask"
      okText="拒绝"
      doneMessage="已拒绝评审任务"
      form={form}
      initialValues={{}}
      save={(values) => expertTaskApi.decline(shown.assignmentId, values)}
      onSaved={onDone}
      onClose={onClose}
    >
      <Form.Item name="reason" label="拒绝理由" rules={[{ required: true, message: '请选择拒绝理由' }]}>
        <Select options={optionsOf(DECLINE_REASON_LABELS)} placeholder="请选择" />
      </Form.Item>
      <Form.Item name="note" label="说明" rules={declineRules.note}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 声明回避: an accepted expert finds a conflict; the task ends and an alternate takes the place. */
export function ConflictModal({ task, onClose, onDone }: { task: ExpertTask | null; onClose: () => void; onDone: (task: ExpertTask) => void }) {
  const [form] = Form.useForm<{ note: string }>();
  const shown = useShown(task);
  if (!shown) return null;
  return (
    <FormModal<{ note: string }, ExpertTask>
      open={!!task}
      title={`声明回避：${taskName(shown)}`}
      name="declareConflict"
      okText="确认回避"
      doneMessage="已声明回避"
      form={form}
      initialValues={{}}
      save={(values) => expertTaskApi.declareConflict(shown.assignmentId, values.note)}
      onSaved={onDone}
      onClose={onClose}
    >
      <p>声明回避后您将退出该项目的评审，由候补专家递补，且不能撤销。</p>
      <Form.Item name="note" label="回避说明" rules={conflictRules.note}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="请说明需要回避的关系" />
      </Form.Item>
    </FormModal>
  );
}
