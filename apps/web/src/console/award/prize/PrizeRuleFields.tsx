import { Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_TYPE_LABELS,
  DECLARATION_SECTION_LABELS,
  DECLARATION_SECTIONS,
  PRIZE_GRADE_LABELS,
  PRIZE_GRADES,
  WORD_LIMITED_FIELD_LABELS,
  WORD_LIMITED_FIELDS,
  prizeBody,
  prizeGradeRule,
  rubricCriterion,
  type PrizeGradeRule,
  type RubricCriterion,
} from '@dandelion/shared/award/prize';
import { rulesOf, zodListRule, zodRule } from '../../../components/form';
import { optionsOf } from '../../../lib/options';

const gradeRules = rulesOf(prizeGradeRule);
const criterionRules = rulesOf(rubricCriterion);
const GRADE_OPTIONS = optionsOf(PRIZE_GRADE_LABELS);
const ATTACHMENT_OPTIONS = optionsOf(ATTACHMENT_TYPE_LABELS);
const SECTION_OPTIONS = DECLARATION_SECTIONS.map((value) => ({ value, label: DECLARATION_SECTION_LABELS[value], disabled: value === 'BASIC' }));

/** 奖励等级: one row per grade with its quota and the caps on completers and units. */
export function GradeRulesField() {
  return (
    <Form.List name="grades" rules={[zodListRule(prizeBody.shape.grades)]}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="奖励等级" required>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            columns={[
              { title: '等级', width: 150, render: (_, f) => <Form.Item name={[f.name, 'grade']} rules={gradeRules.grade} noStyle><Select options={GRADE_OPTIONS} placeholder="请选择" aria-label="等级" style={{ width: '100%' }} /></Form.Item> },
              { title: '授奖名额', width: 120, render: (_, f) => <Form.Item name={[f.name, 'quota']} rules={gradeRules.quota} noStyle><InputNumber min={0} precision={0} aria-label="授奖名额" /></Form.Item> },
              { title: '主要完成人上限', width: 140, render: (_, f) => <Form.Item name={[f.name, 'maxPersons']} rules={gradeRules.maxPersons} noStyle><InputNumber min={1} precision={0} aria-label="主要完成人上限" /></Form.Item> },
              { title: '主要完成单位上限', width: 150, render: (_, f) => <Form.Item name={[f.name, 'maxUnits']} rules={gradeRules.maxUnits} noStyle><InputNumber min={1} precision={0} aria-label="主要完成单位上限" /></Form.Item> },
              { title: '操作', width: 70, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除该等级" onClick={() => remove(f.name)} /> },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={fields.length >= PRIZE_GRADES.length}
            onClick={() => add({ grade: undefined, quota: 0, maxPersons: 5, maxUnits: 3 } satisfies Partial<PrizeGradeRule>)}
          >
            添加等级
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}

/** 评分指标: criteria with weights that add up to 100; the running total is shown as the office types. */
export function RubricField() {
  const rubric = Form.useWatch<RubricCriterion[] | undefined>('rubric');
  const total = (rubric ?? []).reduce((sum, c) => sum + (Number(c?.weight) || 0), 0);
  return (
    <Form.List name="rubric" rules={[zodListRule(prizeBody.shape.rubric)]}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="评分指标" required extra={<Typography.Text type={total === 100 ? 'success' : 'warning'}>权重合计 {total} / 100</Typography.Text>}>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            columns={[
              { title: '指标名称', render: (_, f) => <Form.Item name={[f.name, 'name']} rules={criterionRules.name} noStyle><Input placeholder="如 技术创新程度" aria-label="指标名称" /></Form.Item> },
              { title: '权重(%)', width: 110, render: (_, f) => <Form.Item name={[f.name, 'weight']} rules={criterionRules.weight} noStyle><InputNumber min={1} max={100} precision={0} aria-label="权重" /></Form.Item> },
              { title: '满分', width: 100, render: (_, f) => <Form.Item name={[f.name, 'maxScore']} rules={criterionRules.maxScore} noStyle><InputNumber min={1} max={100} precision={0} aria-label="满分" /></Form.Item> },
              { title: '评分说明', render: (_, f) => <Form.Item name={[f.name, 'description']} rules={criterionRules.description} noStyle><Input placeholder="选填" aria-label="评分说明" /></Form.Item> },
              { title: '操作', width: 70, render: (_, f) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除该指标" onClick={() => remove(f.name)} /> },
            ]}
          />
          <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add({ name: '', weight: undefined, maxScore: undefined, description: null })}>
            添加指标
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}

/** Lets a wide control (a row of checkboxes, of inputs) wrap inside its column instead of dropping below the label. */
const WRAPPING = { flex: '1 1 0', style: { minWidth: 0 } };

/** 申报书配置: which sections the declaration has, the word limits and the attachments it must carry. */
export function FormConfigFields() {
  return (
    <>
      <Form.Item name={['formConfig', 'sections']} label="申报书栏目" wrapperCol={WRAPPING} rules={[zodRule(prizeBody.shape.formConfig.shape.sections)]}>
        <Checkbox.Group options={SECTION_OPTIONS} />
      </Form.Item>
      <Form.Item label="字数上限" wrapperCol={WRAPPING} extra="留空表示不限；按汉字、字母、数字逐个计数">
        <Space wrap>
          {WORD_LIMITED_FIELDS.map((field) => (
            <Form.Item key={field} name={['formConfig', 'wordLimits', field]} noStyle>
              <InputNumber min={1} max={100000} precision={0} addonBefore={WORD_LIMITED_FIELD_LABELS[field]} aria-label={`${WORD_LIMITED_FIELD_LABELS[field]}字数上限`} style={{ width: 230 }} />
            </Form.Item>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name={['formConfig', 'requiredAttachments']} label="必传附件" rules={[zodRule(prizeBody.shape.formConfig.shape.requiredAttachments)]}>
        <Select mode="multiple" options={ATTACHMENT_OPTIONS} placeholder="请选择申报时必须上传的附件类型" allowClear />
      </Form.Item>
    </>
  );
}
