import { useEffect, useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { BusyButton } from '../BusyButton';
import { toSearchParams, type CustomField, type SearchField } from './searchValues';
import { labelWidthOf, searchGridOf } from './searchLayout';

export interface SearchFormHandle {
  /** Empties every field (initial values included) and searches: a list's 清空条件. */
  clear: () => void;
  /** Sets exactly these values (every other field emptied) and searches: a link that opens the list filtered. */
  apply: (values: Record<string, unknown>) => void;
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
  // The grid follows the width the form has, not the window's: beside a tree panel a list is narrower.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry ? entry.contentRect.width : 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const grid = searchGridOf(width);
  const labelWidth = labelWidthOf(fields);

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
    apply: (values) => {
      form.setFieldsValue(Object.fromEntries(fields.map((field) => [field.name, values[field.name]])));
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
    <div ref={box} className="dl-search-form">
      <Form
        form={form}
        name={formName}
        className={className}
        initialValues={initialValues}
        onFinish={submit}
        onKeyDown={onKeyDown}
        role="search"
        // One label width for every field, so the boxes line up in columns; a long label wraps, never overlaps.
        labelCol={{ flex: `${labelWidth}px` }}
        // A zero basis keeps the box beside its label: with 'auto' a wide control pushed it onto its own line.
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        labelWrap
      >
        <Row gutter={[16, 0]}>
          {fields.map((field, index) => (
            <Col
              key={field.name}
              // A range picker needs about 250 px beside its label: it takes two cells of the grid.
              span={field.type === 'dateRange' ? grid.rangeSpan : grid.span}
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
    </div>
  );
}
