import { useId, useImperativeHandle, useState, type KeyboardEvent, type Ref } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { BusyButton } from '../BusyButton';
import { toSearchParams, type CustomField, type SearchField } from './searchValues';

export interface SearchFormHandle {
  /** Empties every field (initial values included) and searches: a list's 清空条件. */
  clear: () => void;
}

export interface SearchFormProps<P extends object> {
  fields: readonly SearchField[];
  /** Called with the cleaned parameters on 查询, on Enter in a text field, and after 重置 or clear. */
  onSearch: (params: P) => void;
  /** Values the form starts with and returns to on 重置. */
  initialValues?: Record<string, unknown>;
  /** Fields shown while folded; with more fields than this, 展开/收起 appears. */
  collapsedCount?: number;
  /** True while the search runs: 查询 shows a spinner. */
  loading?: boolean;
  className?: string;
  /**
   * Prefix of the fields' ids. Console tabs stay mounted side by side, and a list's search form and
   * an edit form often share field names: without a prefix of its own, a label could point at a
   * field in another tab. Unique per form unless given.
   */
  name?: string;
  ref?: Ref<SearchFormHandle>;
}

/**
 * The control of a built-in field type. Form.Item hands its child `id`, `value` and `onChange`;
 * they are passed on so labels point at the control and the form owns the value.
 */
function FieldControl({ field, ...control }: { field: Exclude<SearchField, CustomField> }) {
  switch (field.type) {
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          mode={field.multiple ? 'multiple' : undefined}
          placeholder={field.placeholder ?? '请选择'}
          options={field.options.map((option) => ({ ...option }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      );
    case 'date':
      return <DatePicker {...control} style={{ width: '100%' }} placeholder={field.placeholder ?? '请选择日期'} />;
    case 'dateRange':
      return <DatePicker.RangePicker {...control} style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />;
    default:
      return <Input {...control} allowClear placeholder={field.placeholder ?? `请输入${field.label}`} />;
  }
}

/** A text box (antd Input, not a select's or picker's search box, which have a role). */
function isPlainTextInput(target: EventTarget): boolean {
  return target instanceof HTMLInputElement && !target.getAttribute('role') && target.type !== 'checkbox' && target.type !== 'radio';
}

/**
 * The search area of a list page (ARCHITECTURE §5): fields on a responsive grid, 查询 and 重置,
 * folded to the first few fields when there are many.
 */
export function SearchForm<P extends object = Record<string, unknown>>({
  fields,
  onSearch,
  initialValues,
  collapsedCount = 3,
  loading = false,
  className,
  name,
  ref,
}: SearchFormProps<P>) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const autoName = `search${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const formName = name ?? autoName;
  const [expanded, setExpanded] = useState(false);
  const foldable = fields.length > collapsedCount;

  const submit = (raw: Record<string, unknown>) => onSearch(toSearchParams(fields, raw) as P);

  const reset = () => {
    form.resetFields();
    submit(form.getFieldsValue(true) as Record<string, unknown>);
  };

  useImperativeHandle(ref, () => ({
    clear: () => {
      form.setFieldsValue(Object.fromEntries(fields.map((field) => [field.name, undefined])));
      submit(form.getFieldsValue(true) as Record<string, unknown>);
    },
  }));

  // Enter in a text box searches; while an IME is composing, Enter only confirms the characters.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !isPlainTextInput(event.target)) return;
    event.preventDefault();
    form.submit();
  };

  return (
    <Form
      form={form}
      name={formName}
      className={className}
      initialValues={initialValues}
      onFinish={submit}
      onKeyDown={onKeyDown}
      role="search"
      labelCol={{ flex: '88px' }}
      wrapperCol={{ flex: 'auto' }}
    >
      <Row gutter={[16, 0]}>
        {fields.map((field, index) => (
          <Col
            key={field.name}
            xs={24}
            sm={field.type === 'dateRange' ? 24 : 12}
            // A range picker needs about 250 px beside its label: a third of a row would push it under the label.
            lg={field.type === 'dateRange' ? 12 : 8}
            xxl={field.type === 'dateRange' ? 8 : 6}
            // Folded, not unmounted: the field keeps its value and still filters.
            style={foldable && !expanded && index >= collapsedCount ? { display: 'none' } : undefined}
          >
            <Form.Item name={field.name} label={field.label}>
              {field.type === 'custom' ? field.render() : <FieldControl field={field} />}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space>
              <BusyButton type="primary" htmlType="submit" icon={<SearchOutlined />} busy={loading}>
                查询
              </BusyButton>
              <Button onClick={reset}>重置</Button>
              {foldable && (
                <Button
                  type="link"
                  onClick={() => setExpanded((value) => !value)}
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPlacement="end"
                >
                  {expanded ? '收起' : '展开'}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
