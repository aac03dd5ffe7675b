import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { PUBLICITY_DAY_KIND_LABELS, PUBLICITY_DEFAULT_WINDOW, PUBLICITY_KIND_LABELS, publicityBody, type PublicityKind } from '@dandelion/shared/award/publicity';
import { FormModal, rulesOf } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { EntriesTable } from './EntriesTable';
import { publicityApi, type PublicityDetail, type PublicityFormValues, type PublicityPreview } from './api';

/** The same rules and messages the server applies (packages/shared/src/award/publicity.ts). */
const rules = rulesOf(publicityBody);
type Option = { value: string; label: string };

/** 新增 / 修改 a publicity: edition × prize × kind, the window, and a preview of the entries it would take. */
export function PublicityFormModal({ target, editions, prizes, onSaved, onClose }: { target: { record: PublicityDetail | null } | null; editions: Option[]; prizes: Option[]; onSaved: () => void; onClose: () => void }) {
  const [form] = Form.useForm<PublicityFormValues>();
  const [preview, setPreview] = useState<PublicityPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const record = target?.record ?? null;
  const kind = Form.useWatch('kind', form) as PublicityKind | undefined;
  const initialValues: Partial<PublicityFormValues> = record
    ? { editionId: record.editionId, prizeId: record.prizeId, kind: record.kind, title: record.title, note: record.note, startDate: record.startDate, days: record.days, dayKind: record.dayKind }
    : { kind: 'ACCEPTANCE', startDate: dayjs().add(1, 'day').format('YYYY-MM-DD'), ...PUBLICITY_DEFAULT_WINDOW.ACCEPTANCE };

  const loadPreview = async () => {
    const { editionId, prizeId, kind: k } = form.getFieldsValue(['editionId', 'prizeId', 'kind']);
    if (!editionId || !prizeId || !k) return setPreviewError('请先选择届次、奖种和公示类型');
    setPreviewError(null);
    try {
      setPreview(await publicityApi.preview({ editionId, prizeId, kind: k }));
    } catch (e) {
      setPreviewError(e instanceof Error ? e.message : '预览失败');
    }
  };

  return (
    <FormModal<PublicityFormValues, PublicityDetail>
      open={!!target}
      name="publicity"
      title={record ? '修改公示' : '新增公示'}
      form={form}
      initialValues={initialValues}
      save={(values) => (record ? publicityApi.update({ publicityId: record.publicityId, lockVersion: record.lockVersion }, values) : publicityApi.add(values))}
      onSaved={() => {
        setPreview(null);
        onSaved();
      }}
      onClose={() => {
        setPreview(null);
        onClose();
      }}
    >
      <Form.Item name="editionId" label="届次" rules={[{ required: true, message: '请选择届次' }]}>
        <Select options={editions} placeholder="请选择届次" disabled={!!record} />
      </Form.Item>
      <Form.Item name="prizeId" label="奖种" rules={[{ required: true, message: '请选择奖种' }]}>
        <Select options={prizes} placeholder="请选择奖种" disabled={!!record} showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="kind" label="公示类型" rules={rules.kind} extra={kind === 'RESULT' ? '取拟授奖的申报书；开始公示时申报书进入「结果公示中」' : '取已受理、评审中的申报书'}>
        <Radio.Group
          options={optionsOf(PUBLICITY_KIND_LABELS)}
          disabled={!!record}
          onChange={(e) => form.setFieldsValue({ ...PUBLICITY_DEFAULT_WINDOW[e.target.value as PublicityKind] })}
        />
      </Form.Item>
      <Form.Item name="title" label="公示标题" rules={rules.title} required>
        <Input placeholder="如 2026年度自然科学奖受理公示" />
      </Form.Item>
      <Form.Item name="note" label="公示说明" rules={rules.note}>
        <Input.TextArea rows={3} placeholder="异议的提出方式与时限等" />
      </Form.Item>
      <Form.Item
        name="startDate"
        label="开始日期"
        rules={rules.startDate}
        required
        getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: Dayjs | null) => d?.format('YYYY-MM-DD')}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="公示期" required extra="结束日期按所选方式计算；工作日按节假日日历跳过休息日">
        <Space.Compact>
          <Form.Item name="days" rules={rules.days} noStyle>
            <InputNumber min={1} max={90} addonAfter="天" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="dayKind" rules={rules.dayKind} noStyle>
            <Select options={optionsOf(PUBLICITY_DAY_KIND_LABELS)} style={{ width: 110 }} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="公示条目">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button onClick={() => void loadPreview()}>预览条目</Button>
          {previewError && <Typography.Text type="danger">{previewError}</Typography.Text>}
          {preview && <EntriesTable entries={preview.entries} leftOut={preview.leftOut} showGrade={kind === 'RESULT'} />}
        </Space>
      </Form.Item>
    </FormModal>
  );
}
