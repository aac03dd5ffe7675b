import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { z } from 'zod';
import type { directoryUser, namedOption } from '@dandelion/shared/message/common';

/** A user as the pickers' lookups answer them. */
export type DirectoryUser = z.input<typeof directoryUser>;
/** A chosen user's id with the name to show for it. */
export type NamedOption = z.input<typeof namedOption>;

export const userLabel = (u: DirectoryUser) => `${u.realname || u.username}（${u.username}${u.orgName ? ` · ${u.orgName}` : ''}）`;

export interface UserPickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Labels of users already chosen (a loaded record's), so they show by name. */
  known?: NamedOption[];
  /** The lookup to search with (each feature asks under its own permission). */
  search: (body: { keyword?: string }, signal?: AbortSignal) => Promise<DirectoryUser[]>;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}

const NO_KNOWN: NamedOption[] = [];

/** Users picked by searching by user name, real name or phone; a controlled antd field holding user ids. */
export function UserPicker({ value, onChange, known = NO_KNOWN, search: lookup, disabled, id, placeholder = '输入用户名、姓名或手机号查找用户' }: UserPickerProps) {
  const [found, setFound] = useState<DirectoryUser[]>([]);
  const [searching, setSearching] = useState(false);
  // Names learnt from searches; a loaded record's names (known) fill in the rest.
  const [foundLabels, setFoundLabels] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);

  const labels = useMemo(() => ({ ...Object.fromEntries(known.map((k) => [k.value, k.label])), ...foundLabels }), [known, foundLabels]);
  useEffect(() => () => controller.current?.abort(), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    if (!keyword.trim()) return;
    // Wait for the typing to pause before asking.
    timer.current = setTimeout(() => {
      controller.current?.abort();
      controller.current = new AbortController();
      setSearching(true);
      lookup({ keyword }, controller.current.signal)
        .then((users) => {
          setFound(users);
          setFoundLabels((current) => ({ ...current, ...Object.fromEntries(users.map((u) => [u.userId, userLabel(u)])) }));
        })
        .catch(() => setFound([]))
        .finally(() => setSearching(false));
    }, 300);
  };

  const options = useMemo(() => {
    const ids = new Set([...(value ?? []), ...found.map((u) => u.userId)]);
    return [...ids].map((userId) => ({ value: userId, label: labels[userId] ?? `用户 ${userId}` }));
  }, [value, found, labels]);

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      disabled={disabled}
      options={options}
      showSearch={{ filterOption: false, onSearch: search }}
      notFoundContent={searching ? <Spin size="small" /> : '输入用户名、姓名或手机号查找'}
      placeholder={placeholder}
    />
  );
}

