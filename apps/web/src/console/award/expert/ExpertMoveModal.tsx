import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError, errorMessage } from '../../../api/http';
import type { UploadedFile } from '../../../api/upload';
import { UploadField } from '../../../components/upload/UploadField';
import { expertApi, type ExpertRow } from './api';

/** The moves the list opens a dialog for. */
export type ExpertMoveKind = 'AUDIT' | 'SUSPEND' | 'RESUME' | 'BLACKLIST' | 'UNBLACKLIST' | 'REQUEST_DELETION' | 'REVIEW_DELETION';

interface MoveValues {
  approve?: boolean;
  reason?: string;
  until?: Dayjs | null;
  evidence?: UploadedFile[];
}

interface Spec {
  title: string;
  /** A 通过/不通过 (or 同意/不同意) choice, with its two labels. */
  decision?: [string, string];
  reasonLabel: string;
  /** Whether the reason is required; for a decision, required only when refusing. */
  reasonRequired: boolean;
  until?: string;
  evidence?: boolean;
  done: (approve: boolean) => string;
  hint?: string;
}

const SPECS: Record<ExpertMoveKind, Spec> = {
  AUDIT: { title: '审核专家', decision: ['通过', '不通过'], reasonLabel: '审核意见', reasonRequired: true, done: (a) => (a ? '审核通过，专家已入库' : '已审核不通过') },
  SUSPEND: { title: '暂停专家', reasonLabel: '暂停理由', reasonRequired: true, until: '暂停截止日期', done: () => '已暂停', hint: '暂停期间不会为其分配评审；设了截止日期的，次日自动恢复在库。' },
  RESUME: { title: '恢复专家', reasonLabel: '恢复说明', reasonRequired: false, done: () => '已恢复' },
  BLACKLIST: {
    title: '列入黑名单',
    reasonLabel: '列入黑名单的理由',
    reasonRequired: true,
    until: '黑名单截止日期',
    evidence: true,
    done: () => '已列入黑名单',
    hint: '黑名单中的专家不会被分配评审，也不能删除；不设截止日期即长期有效。',
  },
  UNBLACKLIST: { title: '解除黑名单', reasonLabel: '解除理由', reasonRequired: true, done: () => '已解除黑名单' },
  REQUEST_DELETION: { title: '申请删除专家', reasonLabel: '删除理由', reasonRequired: true, done: () => '删除申请已提交，等待审核', hint: '删除须由有“审核删除”权限的人同意后生效。' },
  REVIEW_DELETION: { title: '审核删除申请', decision: ['同意删除', '不同意'], reasonLabel: '审核意见', reasonRequired: false, done: (a) => (a ? '已删除' : '已不同意删除') },
};

function send(kind: ExpertMoveKind, expert: ExpertRow, v: MoveValues) {
  const ref = { expertId: expert.expertId, lockVersion: expert.lockVersion };
  const reason = v.reason?.trim() || null;
  const until = v.until ? v.until.format('YYYY-MM-DD') : null;
  switch (kind) {
    case 'AUDIT':
      return expertApi.audit(ref, v.approve === true, reason);
    case 'SUSPEND':
      return expertApi.suspend(ref, reason ?? '', until);
    case 'RESUME':
      return expertApi.resume(ref, reason);
    case 'BLACKLIST':
      return expertApi.blacklist(ref, reason ?? '', v.evidence?.[0]?.fileId, until);
    case 'UNBLACKLIST':
      return expertApi.unblacklist(ref, reason ?? '');
    case 'REQUEST_DELETION':
      return expertApi.requestDeletion(ref, reason ?? '');
    case 'REVIEW_DELETION':
      return expertApi.reviewDeletion(ref, v.approve === true, reason);
  }
}

/**
 * One dialog for every move of an expert's standing: the reason (required where the server requires
 * it), an end date for a suspension or blacklisting, the evidence of a blacklisting, and the
 * 通过/不通过 of an audit or a deletion review. A refusal is shown in the dialog.
 */
export function ExpertMoveModal({
  kind,
  expert,
  onClose,
  onDone,
  onStale,
}: {
  kind: ExpertMoveKind | null;
  expert: ExpertRow | null;
  onClose: () => void;
  onDone: () => void;
  /** A 409 (changed meanwhile, or no longer in a state for this move): the list reloads to show where the expert stands now. */
  onStale: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MoveValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = Form.useWatch('approve', form);
  const open = !!kind && !!expert;
  const spec = kind ? SPECS[kind] : null;
  const reasonRequired = !!spec && (spec.decision ? approve === false && spec.reasonRequired : spec.reasonRequired);

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    if (!kind || !expert || !spec) return;
    let values: MoveValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await send(kind, expert, values);
      message.success(spec.done(values.approve === true));
      form.resetFields();
      onDone();
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && e.attributes.field === 'reason') form.setFields([{ name: 'reason', errors: [e.message] }]);
      if (e instanceof ApiError && e.status === 409) onStale();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={spec ? `${spec.title}：${expert?.name ?? ''}` : ''}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            确定
          </Button>
        </Space>
      }
    >
      {spec && (
        <Form<MoveValues> form={form} name="expertMove" layout="vertical" preserve={false} initialValues={spec.decision ? { approve: true } : {}}>
          {spec.hint && <Typography.Paragraph type="secondary">{spec.hint}</Typography.Paragraph>}
          {spec.decision && (
            <Form.Item name="approve" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
              <Radio.Group
                options={[
                  { value: true, label: spec.decision[0] },
                  { value: false, label: spec.decision[1] },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item
            name="reason"
            label={spec.reasonLabel}
            required={reasonRequired}
            dependencies={['approve']}
            rules={[
              ({ getFieldValue }) => ({
                // Read at validation time: a refusal's reason is required from the moment 不通过 is picked.
                validator: async (_rule, value: string | undefined) => {
                  const needed = spec.decision ? getFieldValue('approve') === false && spec.reasonRequired : spec.reasonRequired;
                  if (needed && !value?.trim()) throw new Error(spec.decision ? '请填写不通过的理由' : `请填写${spec.reasonLabel}`);
                },
              }),
              { max: 500, message: `${spec.reasonLabel}不能超过500个字符` },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={`请输入${spec.reasonLabel}`} />
          </Form.Item>
          {spec.evidence && (
            <Form.Item name="evidence" label="证明材料" rules={[{ required: true, type: 'array', min: 1, message: '请上传证明材料' }]}>
              <UploadField maxCount={1} maxSizeMb={20} buttonText="上传证明材料" />
            </Form.Item>
          )}
          {spec.until && (
            <Form.Item name="until" label={spec.until} extra="不填则长期有效">
              <DatePicker style={{ width: '100%' }} disabledDate={(d) => !d.isAfter(dayjs(), 'day')} placeholder="请选择日期" />
            </Form.Item>
          )}
          {error && <Alert type="error" showIcon title={error} />}
        </Form>
      )}
    </Modal>
  );
}
