/**
 * The fields an administration record ends with — 状态, 排序, 备注 — so every form shows them with
 * the same control, width and wording. Rules come from the page (`rulesOf(body)`), so the messages
 * stay the contract's.
 */
import { Form, Input, InputNumber, Radio, type FormRule } from 'antd';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { requiredRule } from './rules';
import { optionsOf } from '../../lib/options';

const STATUS_OPTIONS = optionsOf(RECORD_STATUS_LABELS);

interface FieldProps {
  rules?: FormRule[];
  /** Adds the required rule (and the label's asterisk) with the field's own message. */
  required?: boolean;
}

/** 状态: NORMAL or DISABLED as two radio buttons. */
export function StatusField({ rules = [], required = false }: FieldProps) {
  return (
    <Form.Item name="status" label="状态" rules={required ? [requiredRule('请选择状态'), ...rules] : rules}>
      <Radio.Group options={STATUS_OPTIONS} />
    </Form.Item>
  );
}

/** 排序: a whole number from 0, smaller first. */
export function SortField({ rules = [], required = false, extra }: FieldProps & { extra?: string }) {
  return (
    <Form.Item name="sort" label="排序" extra={extra} rules={required ? [requiredRule('请输入排序'), ...rules] : rules}>
      <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 备注: free text of a few lines. */
export function RemarkField({ rules = [] }: Pick<FieldProps, 'rules'>) {
  return (
    <Form.Item name="remark" label="备注" rules={rules}>
      <Input.TextArea rows={3} placeholder="请输入备注" />
    </Form.Item>
  );
}
