import { useRef, useState } from 'react';
import { Alert, App, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import { COMMENT_MAX } from '@dandelion/shared/award/scoring';
import { ApiError, errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import type { MyReview, ReviewInput } from './api';

interface ScoreValues {
  scores: Array<number | null | undefined>;
  comment?: string | null;
  suggestedGrade?: PrizeGrade | null;
}

export interface ScoreFormProps {
  review: MyReview;
  save: (input: ReviewInput) => Promise<unknown>;
  submit: (input: ReviewInput) => Promise<unknown>;
  /** After a stale save (409): the page reloads the review. */
  onStale: () => unknown;
}

/** Σ score / max × weight over what is scored, as the server counts the total (0..100). */
export function liveTotal(rubric: MyReview['rubric'], scores: ScoreValues['scores'] | undefined): number | null {
  let total = 0;
  let any = false;
  rubric.forEach((c, i) => {
    const s = scores?.[i];
    if (typeof s !== 'number') return;
    any = true;
    total += (s / c.maxScore) * c.weight;
  });
  return any ? Math.round(total * 100) / 100 : null;
}

/**
 * The rubric form: one bounded number per criterion with its weight, the live total, the comment and
 * the suggested grade. 保存 keeps a draft (anything may be empty); 提交 needs every score and the
 * comment, asks for confirmation and then the review is read-only (已提交).
 */
export function ScoreForm({ review, save, submit, onStale }: ScoreFormProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ScoreValues>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const completing = useRef(false);
  const watched = Form.useWatch('scores', form);
  const submitted = review.status === 'SUBMITTED';
  const total = liveTotal(review.rubric, watched ?? review.scores.map((s) => s.score));

  const initialValues: ScoreValues = {
    scores: review.rubric.map((c) => review.scores.find((s) => s.name === c.name)?.score ?? null),
    comment: review.comment,
    suggestedGrade: review.suggestedGrade,
  };
  const inputOf = (values: ScoreValues): ReviewInput => ({
    scores: review.rubric.map((c, i) => ({ name: c.name, score: typeof values.scores?.[i] === 'number' ? values.scores[i]! : null })),
    comment: values.comment?.trim() || null,
    suggestedGrade: values.suggestedGrade ?? null,
  });

  const run = async (kind: 'save' | 'submit', values: ScoreValues) => {
    setBusy(kind);
    setError(null);
    try {
      await (kind === 'save' ? save : submit)(inputOf(values));
      message.success(kind === 'save' ? '已暂存' : '评分已提交');
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && e.status === 409) onStale();
    } finally {
      setBusy(null);
    }
  };

  const validate = async (complete: boolean): Promise<ScoreValues | null> => {
    completing.current = complete;
    try {
      return await form.validateFields();
    } catch {
      return null;
    } finally {
      completing.current = false;
    }
  };

  const onSave = async () => {
    const values = await validate(false);
    if (values) await run('save', values);
  };
  const onSubmit = async () => {
    const values = await validate(true);
    if (!values) return;
    modal.confirm({
      title: '提交评分',
      content: '提交后评分将锁定，不能再修改（如需修改须由奖励办重开）。确定提交吗？',
      okText: '确定提交',
      cancelText: '取消',
      onOk: () => run('submit', values),
    });
  };

  return (
    <Form form={form} name="expertScore" layout="vertical" initialValues={initialValues} disabled={submitted}>
      {submitted && (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} message={<Space>评分<Tag color="success">已提交</Tag>，已锁定</Space>} />
      )}
      {review.rubric.map((c, i) => (
        <Form.Item
          key={c.name}
          name={['scores', i]}
          label={`${c.name}（满分 ${c.maxScore}，权重 ${c.weight}%）`}
          extra={c.description ?? undefined}
          rules={[
            { validator: async (_, v) => { if (completing.current && typeof v !== 'number') throw new Error(`请填写「${c.name}」的评分`); } },
            { type: 'number', min: 0, max: c.maxScore, message: `「${c.name}」的评分应在0到${c.maxScore}分之间` },
          ]}
        >
          <InputNumber min={0} max={c.maxScore} step={0.5} precision={1} style={{ width: 160 }} aria-label={c.name} />
        </Form.Item>
      ))}
      <Typography.Paragraph strong data-testid="live-total">
        {`总分：${total === null ? '—' : total.toFixed(2)} / 100`}
      </Typography.Paragraph>
      <Form.Item
        name="comment"
        label="评审意见"
        rules={[
          { max: COMMENT_MAX, message: `评审意见不能超过${COMMENT_MAX}个字符` },
          { validator: async (_, v) => { if (completing.current && !String(v ?? '').trim()) throw new Error('请填写评审意见'); } },
        ]}
      >
        <Input.TextArea rows={5} maxLength={COMMENT_MAX} showCount placeholder="请对项目的创新性、科学价值与存在的问题给出意见" />
      </Form.Item>
      <Form.Item name="suggestedGrade" label="建议等级">
        <Select allowClear placeholder="请选择建议等级" options={review.grades.map((g) => ({ value: g, label: PRIZE_GRADE_LABELS[g] }))} style={{ width: 200 }} />
      </Form.Item>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {!submitted && (
        <Space>
          <BusyButton busy={busy === 'save'} disabled={busy !== null} onClick={() => void onSave()}>
            保存
          </BusyButton>
          <BusyButton type="primary" busy={busy === 'submit'} disabled={busy !== null} onClick={() => void onSubmit()}>
            提交
          </BusyButton>
        </Space>
      )}
    </Form>
  );
}
