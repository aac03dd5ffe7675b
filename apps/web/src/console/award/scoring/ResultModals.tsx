import { Form, Input, InputNumber, Select } from 'antd';
import { QUOTA_MODE_LABELS, QUOTA_MODES, REVIEW_DECISION_LABELS, reopenBody, reviewSettingsBody, type QuotaMode, type ReviewDecision } from '@dandelion/shared/award/scoring';
import { FormModal } from '../../../components/form/FormModal';
import { rulesOf } from '../../../components/form/zodRules';
import { scoringApi, type GroupResult, type ResultReview } from './api';

const reopenRules = rulesOf(reopenBody);
const settingRules = rulesOf(reviewSettingsBody);

/** 通过 / 淘汰 / 缓评 for the selected declarations, with the opinion (required to eliminate or defer). */
export function DecisionModal({ decision, declarationIds, onClose, onDone }: { decision: ReviewDecision | null; declarationIds: string[]; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ opinion?: string }>();
  const needsOpinion = decision !== 'REVIEWED';
  return (
    <FormModal<{ opinion?: string }, unknown>
      open={decision !== null}
      title={decision ? `评审结论：${REVIEW_DECISION_LABELS[decision]}（${declarationIds.length} 份）` : ''}
      name="reviewDecision"
      form={form}
      initialValues={{}}
      save={(v) => scoringApi.decide({ declarationIds, decision: decision!, opinion: v.opinion?.trim() || undefined })}
      onSaved={onDone}
      onClose={onClose}
    >
      <Form.Item name="opinion" label="意见" rules={[{ required: needsOpinion, whitespace: true, message: '淘汰或缓评须填写意见' }, { max: 1000, message: '意见不能超过1000个字符' }]}>
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 重开评审: the reason is required and kept with the review's history. */
export function ReopenModal({ review, onClose, onDone }: { review: ResultReview | null; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal<{ reason: string }, unknown>
      open={review !== null}
      title={review ? `重开评审：${review.expertName}` : ''}
      name="reviewReopen"
      form={form}
      initialValues={{}}
      save={(v) => scoringApi.reopen(review!.assignmentId, v.reason)}
      onSaved={onDone}
      onClose={onClose}
    >
      <Form.Item name="reason" label="重开原因" rules={reopenRules.reason}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

type SettingValues = { sdPct: number; rangePct: number; outlierSd: number; outlierMinPct: number; quotaMode: QuotaMode | null; quotaValue: number | null };

/** 汇总设置: the divergence thresholds and the quota line of the group. */
export function SettingsModal({ result, open, onClose, onDone }: { result: GroupResult; open: boolean; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<SettingValues>();
  const { groupId, ...initial } = result.settings;
  return (
    <FormModal<SettingValues, unknown>
      open={open}
      title="汇总设置"
      name="reviewSettings"
      form={form}
      initialValues={initial}
      save={(v) => scoringApi.saveSettings({ groupId, ...v, quotaMode: v.quotaMode ?? null, quotaValue: v.quotaValue ?? null })}
      onSaved={onDone}
      onClose={onClose}
    >
      <Form.Item name="sdPct" label="标准差阈值" rules={settingRules.sdPct} extra="标准差超过满分的该百分比时标记">
        <InputNumber min={0} max={100} addonAfter="%" />
      </Form.Item>
      <Form.Item name="rangePct" label="极差阈值" rules={settingRules.rangePct}>
        <InputNumber min={0} max={100} addonAfter="%" />
      </Form.Item>
      <Form.Item name="outlierSd" label="离群倍数" rules={settingRules.outlierSd}>
        <InputNumber min={0} max={10} step={0.5} addonAfter="倍标准差" />
      </Form.Item>
      <Form.Item name="outlierMinPct" label="离群最小差距" rules={settingRules.outlierMinPct}>
        <InputNumber min={0} max={100} addonAfter="%" />
      </Form.Item>
      <Form.Item name="quotaMode" label="名额方式">
        <Select allowClear placeholder="不划名额线" options={QUOTA_MODES.map((m) => ({ value: m, label: QUOTA_MODE_LABELS[m] }))} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="quotaValue" label="名额" rules={settingRules.quotaValue}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
