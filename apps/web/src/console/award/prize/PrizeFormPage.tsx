import { Divider, Form, Input, Select } from 'antd';
import { GROUP_SCORE_METHOD_LABELS } from '@dandelion/shared/award/aggregation';
import { PRIZE_KIND_LABELS, prizeBody, type PrizeFormConfig } from '@dandelion/shared/award/prize';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, RemarkField, SortField, StatusField, rulesOf, useFormMode } from '../../../components/form';
import { optionsOf } from '../../../lib/options';
import { prizeApi, type Prize, type PrizeFormValues } from './api';
import { FormConfigFields, GradeRulesField, RubricField } from './PrizeRuleFields';
import { prizeDetail } from './PrizeDetail';

const rules = rulesOf(prizeBody);
const KIND_OPTIONS = optionsOf(PRIZE_KIND_LABELS);

/** A new prize starts from the common shape of a provincial prize; the office edits every value. */
const NEW_PRIZE: Partial<PrizeFormValues> = {
  status: 'NORMAL',
  sort: 0,
  grades: [
    { grade: 'FIRST', quota: 0, maxPersons: 5, maxUnits: 3 },
    { grade: 'SECOND', quota: 0, maxPersons: 5, maxUnits: 3 },
    { grade: 'THIRD', quota: 0, maxPersons: 5, maxUnits: 3 },
  ],
  rubric: [{ name: '', weight: 100, maxScore: 100, description: null }],
  scoreMethod: 'TRIMMED',
  formConfig: {
    sections: ['BASIC', 'COMPLETERS', 'UNITS', 'SUMMARY', 'INNOVATIONS', 'ATTACHMENTS'],
    wordLimits: { title: 30, summary: 1000, innovations: 5000 },
    requiredAttachments: ['COMMITMENT'],
  },
};

const SCORE_METHOD_OPTIONS = optionsOf(GROUP_SCORE_METHOD_LABELS);

/** Word limits left empty in the form are no limit: they are left out, not sent as null. */
function withoutEmptyLimits(values: PrizeFormValues): PrizeFormValues {
  const limits = Object.fromEntries(Object.entries(values.formConfig.wordLimits ?? {}).filter(([, v]) => typeof v === 'number')) as PrizeFormConfig['wordLimits'];
  return { ...values, formConfig: { ...values.formConfig, wordLimits: limits } };
}

/** /award/prize/prizeAdd|prizeUpd?id=|prizeDetail?id=: a prize with its grades, rubric and declaration form. */
export default function PrizeFormPage() {
  const [form] = Form.useForm<PrizeFormValues>();
  const { id } = useFormMode();
  return (
    <FormPage<PrizeFormValues, Prize>
      entityName="奖种"
      detail={prizeDetail}
      form={form}
      load={(id, signal) => prizeApi.detail(id, signal)}
      initialValues={NEW_PRIZE}
      save={(raw, { mode, id, record }) => {
        const values = withoutEmptyLimits(raw);
        return mode === 'add' ? prizeApi.add(values) : prizeApi.update(id!, record!.lockVersion, values);
      }}
    >
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item
        name="prizeCode"
        label="奖种编码"
        rules={[...rules.prizeCode, duplicateRule({ tableName: 'prize', fieldName: 'prizeCode', dataId: id, schema: prizeBody.shape.prizeCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="如 KJJB" />
      </Form.Item>
      <Form.Item name="prizeName" label="奖种名称" rules={rules.prizeName}>
        <Input placeholder="如 科技进步奖" />
      </Form.Item>
      <Form.Item name="kind" label="奖种类别" rules={rules.kind}>
        <Select options={KIND_OPTIONS} placeholder="请选择奖种类别" />
      </Form.Item>
      <Form.Item name="guide" label="申报指南" rules={rules.guide}>
        <Input.TextArea rows={3} maxLength={5000} showCount placeholder="奖励对象与条件，显示在门户的申报入口" />
      </Form.Item>
      <Divider titlePlacement="start">等级与名额</Divider>
      <GradeRulesField />
      <Divider titlePlacement="start">评分指标</Divider>
      <RubricField />
      <Form.Item name="scoreMethod" label="组内得分" rules={rules.scoreMethod}>
        <Select options={SCORE_METHOD_OPTIONS} style={{ width: 320 }} />
      </Form.Item>
      <Divider titlePlacement="start">申报书配置</Divider>
      <FormConfigFields />
      <Divider titlePlacement="start">其他</Divider>
      <StatusField rules={rules.status} />
      <SortField rules={rules.sort} />
      <RemarkField rules={rules.remark} />
    </FormPage>
  );
}
