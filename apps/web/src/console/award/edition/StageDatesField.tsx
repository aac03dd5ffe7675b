import { DatePicker, Form, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { EDITION_STAGE_LABELS, type EditionStageDates } from '@dandelion/shared/award/edition';

const DATE = 'YYYY-MM-DD';

/** One stage's dates as a range picker; the form keeps the stage's YYYY-MM-DD strings (Beijing dates). */
function StageRange({ value, onChange, label }: { value?: EditionStageDates; onChange?: (next: EditionStageDates) => void; label: string }) {
  const range: [Dayjs | null, Dayjs | null] = [value?.startDate ? dayjs(value.startDate) : null, value?.endDate ? dayjs(value.endDate) : null];
  return (
    <DatePicker.RangePicker
      aria-label={`${label}起止日期`}
      value={range}
      allowEmpty={[true, true]}
      placeholder={['开始日期', '结束日期']}
      onChange={(next) =>
        onChange?.({ stage: value!.stage, startDate: next?.[0]?.format(DATE) ?? null, endDate: next?.[1]?.format(DATE) ?? null })
      }
    />
  );
}

/**
 * 各阶段日期: every stage of an edition in its order, each with its start and end (both inclusive).
 * Stages a scheme skips (unit review without unit review) may stay empty; the declaration dates
 * are needed before publishing.
 */
export function StageDatesField({ unitReview, nominatorReview }: { unitReview: boolean; nominatorReview: boolean }) {
  return (
    <Form.List name="stages">
      {(fields) => (
        <Form.Item label="阶段日期" extra="起止日期均含当天，按北京时间计；申报起止日期在发布前必须设置。">
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            columns={[
              {
                title: '阶段', width: 140,
                render: (_, f) => (
                  <Form.Item noStyle shouldUpdate>
                    {({ getFieldValue }) => {
                      const stage = (getFieldValue(['stages', f.name]) as EditionStageDates).stage;
                      const skipped = (stage === 'UNIT_REVIEW' && !unitReview) || (stage === 'NOMINATION' && !nominatorReview);
                      return skipped ? <Typography.Text type="secondary">{EDITION_STAGE_LABELS[stage]}（不适用）</Typography.Text> : EDITION_STAGE_LABELS[stage];
                    }}
                  </Form.Item>
                ),
              },
              {
                title: '起止日期',
                render: (_, f) => (
                  <Form.Item noStyle shouldUpdate>
                    {({ getFieldValue }) => (
                      <Form.Item name={f.name} noStyle>
                        <StageRange label={EDITION_STAGE_LABELS[(getFieldValue(['stages', f.name]) as EditionStageDates).stage]} />
                      </Form.Item>
                    )}
                  </Form.Item>
                ),
              },
            ]}
          />
        </Form.Item>
      )}
    </Form.List>
  );
}
