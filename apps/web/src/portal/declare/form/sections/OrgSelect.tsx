import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { declareApi, declareKeys } from '../../api';

interface OrgSelectProps {
  kind: 'UNIT' | 'NOMINATOR';
  id?: string;
  value?: string | null;
  onChange?(value: string | null): void;
  /** The name of the organisation already chosen (from the declaration), shown before any search. */
  currentName?: string | null;
  disabled?: boolean;
}

/** 申报单位 / 提名单位: the organisations the server offers for the kind, searched by name. */
export function OrgSelect({ kind, id, value, onChange, currentName, disabled }: OrgSelectProps) {
  const [keyword, setKeyword] = useState('');
  const options = useQuery({
    queryKey: declareKeys.orgOptions(kind, keyword),
    queryFn: ({ signal }) => declareApi.orgOptions(kind, keyword, signal),
    enabled: !disabled,
    staleTime: 60_000,
  });
  const list = (options.data ?? []).map((o) => ({ value: o.orgId, label: o.orgName }));
  if (value && currentName && !list.some((o) => o.value === value)) list.unshift({ value, label: currentName });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      loading={options.isFetching}
      options={list}
      placeholder={kind === 'UNIT' ? '请选择申报单位（可输入名称搜索）' : '请选择提名单位（可输入名称搜索）'}
      notFoundContent={options.isFetching ? '加载中…' : '没有匹配的单位'}
    />
  );
}
