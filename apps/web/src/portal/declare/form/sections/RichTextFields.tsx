import { Form } from 'antd';
import type { WordLimitedField } from '@dandelion/shared/award/prize';
import { RichTextEditor, richTextMaxLengthRule } from '../../../../components/RichTextEditor';
import type { Declaration } from '../../api';

/** 项目简介 / 主要科技创新 / 推广应用情况 / 社会效益: one rich text, counted against the prize's word limit. */
export function RichTextFields({ declaration, field, label, disabled }: { declaration: Declaration; field: WordLimitedField; label: string; disabled: boolean }) {
  const limit = declaration.formConfig.wordLimits[field];
  return (
    <Form.Item
      name={field}
      label={label}
      rules={limit ? [richTextMaxLengthRule(limit)] : []}
      extra={limit ? `不超过 ${limit} 字（按可见字符计，图片与格式不计）` : undefined}
    >
      <RichTextEditor height={360} maxLength={limit} readonly={disabled} items={['undo', 'redo', '|', 'bold', 'italic', 'underline', '|', 'insertorderedlist', 'insertunorderedlist', '|', 'table', 'image', '|', 'removeformat', 'fullscreen']} />
    </Form.Item>
  );
}
