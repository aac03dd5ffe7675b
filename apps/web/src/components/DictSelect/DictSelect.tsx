import { useMemo, type ReactNode } from 'react';
import { Select, type SelectProps } from 'antd';
import { useDict, useDictLabel } from './dictApi';

export interface DictSelectProps extends Omit<SelectProps<string | string[]>, 'options' | 'loading'> {
  /** Dictionary category code, e.g. 'ORG_TYPE'. */
  category: string;
}

/** A select of one dictionary category's items: label the item's name, value its code. */
export function DictSelect({ category, placeholder = '请选择', allowClear = true, showSearch, notFoundContent, ...rest }: DictSelectProps) {
  const { data, isPending, isError } = useDict(category);
  const options = useMemo(() => (data ?? []).map((item) => ({ label: item.label, value: item.value })), [data]);
  return (
    <Select<string | string[]>
      {...rest}
      options={options}
      loading={isPending}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={showSearch ?? { optionFilterProp: 'label' }}
      notFoundContent={isError ? '字典加载失败，请稍后重试' : notFoundContent}
    />
  );
}

export interface DictLabelProps {
  category: string;
  code: string | null | undefined;
  /** Shown when there is no code; nothing unless given. */
  empty?: ReactNode;
}

/** The label of a dictionary code, for table cells and detail views. */
export function DictLabel({ category, code, empty = null }: DictLabelProps) {
  const labelOf = useDictLabel(category);
  if (code === null || code === undefined || code === '') return <>{empty}</>;
  return <>{labelOf(code)}</>;
}
