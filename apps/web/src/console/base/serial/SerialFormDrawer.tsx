import { useEffect, useState } from 'react';
import { Alert, App, Button, Col, Drawer, Form, Input, InputNumber, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { SERIAL_DATE_PATTERN_LABELS, SERIAL_LIMITS, SERIAL_RESET_LABELS, serialRuleBody, serialRuleProblem, type SerialDatePattern } from '@dandelion/shared/base/serial';
import { ApiError, errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { rulesOf } from '../../../components/form';
import { serialApi, type SerialRule, type SerialRuleValues } from './api';
import { previewFormat } from './serialPreview';
import { optionsOf } from '../../../lib/options';

/** The same rules and messages the server applies (packages/shared/src/base/serial.ts). */
const rules = rulesOf(serialRuleBody);
/**
 * The server fills in a left-out number or period with its default; the form asks for it instead,
 * so a cleared field is refused (with the schema's message) rather than silently defaulted.
 */
const asked = (fieldRules: readonly FormRule[]): FormRule[] => fieldRules.map((rule) => ({ ...(rule as object), required: true }) as FormRule);

export type SerialFormState = { mode: 'add' } | { mode: 'upd'; rule: SerialRule } | null;

const SEPARATORS = [
  { value: '', label: '无' },
  { value: '-', label: '-（短横线）' },
  { value: '_', label: '_（下划线）' },
  { value: '/', label: '/（斜线）' },
  { value: '.', label: '.（点）' },
];

const INITIAL: SerialRuleValues = {
  ruleCode: '',
  ruleName: '',
  prefix: '',
  datePattern: 'yyyyMMdd',
  separator: '-',
  seqLength: 4,
  resetPeriod: 'DAY',
  step: 1,
  startValue: 1,
  status: 'NORMAL',
  remark: null,
};

const valuesOf = (rule: SerialRule): SerialRuleValues => {
  const { ruleCode, ruleName, prefix, datePattern, separator, seqLength, resetPeriod, step, startValue, status, remark } = rule;
  return { ruleCode, ruleName, prefix, datePattern, separator, seqLength, resetPeriod, step, startValue, status, remark };
};

/** The form's live preview: the next three numbers if the rule were saved now. */
function FormatPreviewBox({ values, record }: { values: Partial<SerialRuleValues>; record: SerialRule | undefined }) {
  const preview = previewFormat(values, record);
  return (
    <div role="status" aria-label="编号预览" style={{ background: 'rgba(22,119,255,0.06)', border: '1px dashed rgba(22,119,255,0.45)', borderRadius: 6, padding: '10px 14px', marginBottom: 16 }}>
      <Typography.Text type="secondary">编号预览（按今天的日期{record?.currentValue != null ? '，接当前计数' : ''}）：</Typography.Text>
      <div style={{ marginTop: 6 }}>
        {preview.values.length ? (
          preview.values.map((v) => (
            <Tag key={v} color="blue" style={{ fontFamily: 'monospace', fontSize: 14, padding: '2px 8px' }}>
              {v}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{preview.overflow ? '' : '填写序号位数、步长和起始值后显示'}</Typography.Text>
        )}
        {preview.overflow && <Typography.Text type="danger">序号已超出 {values.seqLength} 位，取号会被拒绝，请加长序号位数</Typography.Text>}
      </div>
    </div>
  );
}

/**
 * 新增/修改流水号规则 in a drawer (the list is the only page the menu has for serial rules), laid
 * out like the shared form page: labels on the left, the shared rules and messages, 保存 disabled
 * while saving, a refusal shown above the buttons and beside the field it names.
 */
export function SerialFormDrawer({ state, onClose, onSaved }: { state: SerialFormState; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SerialRuleValues>();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const values = Form.useWatch([], form) as Partial<SerialRuleValues> | undefined;
  const record = state?.mode === 'upd' ? state.rule : undefined;
  const used = !!record?.lastTakeTime;

  // Opened again (or for another rule): no refusal from before.
  const [stateShown, setStateShown] = useState(state);
  if (stateShown !== state) {
    setStateShown(state);
    if (state) setSaveError(null);
  }

  useEffect(() => {
    if (!state) return;
    form.resetFields();
    form.setFieldsValue(state.mode === 'upd' ? valuesOf(state.rule) : INITIAL);
  }, [state, form]);

  const save = async (input: SerialRuleValues) => {
    if (!state) return;
    const body = { ...input, prefix: input.prefix?.trim() ?? '', remark: input.remark?.trim() ? input.remark : null };
    setSaving(true);
    setSaveError(null);
    try {
      if (state.mode === 'add') await serialApi.add(body);
      else await serialApi.update(state.rule.ruleId, state.rule.lockVersion, body);
      message.success('保存成功');
      onSaved();
    } catch (error) {
      setSaveError(errorMessage(error));
      if (error instanceof ApiError && typeof error.attributes.field === 'string') form.setFields([{ name: error.attributes.field as keyof SerialRuleValues, errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const title = state?.mode === 'upd' ? '修改流水号规则' : '新增流水号规则';
  return (
    <Drawer open={!!state} title={title} size={680} onClose={onClose} forceRender>
      <Form<SerialRuleValues>
        form={form}
        name="serialRule"
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={INITIAL}
        onFinish={(v) => void save(v)}
        onValuesChange={() => setSaveError(null)}
        scrollToFirstError
      >
        <Form.Item
          name="ruleCode"
          label="规则编码"
          extra={used ? '已发放过编号，编码不能再修改' : '其他模块按编码取号，例如 DECLARE_NO'}
          rules={rules.ruleCode}
        >
          <Input placeholder="请输入规则编码" disabled={used} />
        </Form.Item>
        <Form.Item name="ruleName" label="规则名称" rules={rules.ruleName}>
          <Input placeholder="请输入规则名称，如 申报书编号" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="prefix" label="前缀" rules={rules.prefix}>
              <Input placeholder="如 SB" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="separator" label="分隔符">
              <Select options={SEPARATORS} aria-label="分隔符" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="datePattern" label="日期格式">
              <Select aria-label="日期格式" options={(Object.entries(SERIAL_DATE_PATTERN_LABELS) as Array<[SerialDatePattern, string]>).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="seqLength" label="序号位数" rules={asked(rules.seqLength)}>
              <InputNumber min={SERIAL_LIMITS.seqLengthMin} max={SERIAL_LIMITS.seqLengthMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="resetPeriod"
          label="重置周期"
          dependencies={['datePattern']}
          rules={[
            ...asked(rules.resetPeriod),
            ({ getFieldValue }) => ({
              validator: (_, reset: string) => {
                const problem = serialRuleProblem({ prefix: '', separator: '', seqLength: 12, startValue: 0, datePattern: getFieldValue('datePattern') ?? '', resetPeriod: reset });
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Radio.Group options={Object.entries(SERIAL_RESET_LABELS).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="step" label="步长" rules={asked(rules.step)}>
              <InputNumber min={1} max={SERIAL_LIMITS.stepMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="startValue"
              label="起始值"
              dependencies={['seqLength']}
              extra="每个周期的第一个序号"
              rules={[
                ...asked(rules.startValue),
                ({ getFieldValue }) => ({
                  validator: (_, start: number | null) => {
                    const problem = start == null ? null : serialRuleProblem({ prefix: '', separator: '', datePattern: '', resetPeriod: 'NEVER', seqLength: getFieldValue('seqLength'), startValue: start });
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                }),
              ]}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="status" label="状态">
          <Radio.Group options={optionsOf(RECORD_STATUS_LABELS)} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input.TextArea rows={2} placeholder="请输入备注" />
        </Form.Item>
        <Form.Item label="预览">
          <FormatPreviewBox values={values ?? {}} record={record} />
          {record?.currentValue != null && <Typography.Text type="secondary">修改格式从下一个编号起生效，计数不中断。</Typography.Text>}
        </Form.Item>
        {saveError && <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} />}
        <Form.Item label={null}>
          <Space>
            <BusyButton type="primary" htmlType="submit" busy={saving}>
              保存
            </BusyButton>
            <Button onClick={onClose}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Drawer>
  );
}
