import { useCallback, useEffect, useRef, useState } from 'react';
import { Cascader } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api/http';
import { regionChildren, type RegionOption } from './regionApi';

/** One picked region of the path, the province first. */
export interface RegionPick {
  regionCode: string;
  regionName: string;
  regionLevel: number;
}

interface CascaderOption {
  value: string;
  label: string;
  level: number;
  isLeaf: boolean;
  disabled?: boolean;
  children?: CascaderOption[];
}

export interface RegionCascaderProps {
  /** Region codes, the province first: ['330000', '330100', '330106']. */
  value?: string[] | null;
  /** The new codes, and the picked regions with their names (empty when cleared). */
  onChange?: (codes: string[], picked: RegionPick[]) => void;
  /** Deepest level offered: 1 province, 2 city, 3 county (default), up to 5. */
  maxLevel?: number;
  /** Allow stopping at any level (a parent field) instead of only at the deepest. */
  changeOnSelect?: boolean;
  /** Regions that cannot be picked (e.g. the region being moved, for its own parent field). */
  disabledCodes?: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

const toOption = (r: RegionOption, maxLevel: number, disabledCodes: readonly string[]): CascaderOption => ({
  value: r.regionCode,
  label: r.regionName,
  level: r.regionLevel,
  isLeaf: r.isLeaf || r.regionLevel >= maxLevel,
  disabled: disabledCodes.includes(r.regionCode),
});

/**
 * A region picker for forms (Ant Design Cascader): each level is read when opened, the value is the
 * codes of the path, and an existing value shows its names (the levels along it are read first).
 */
export function RegionCascader({
  value, onChange, maxLevel = 3, changeOnSelect = false, disabledCodes = [], placeholder = '请选择地区', disabled, allowClear = true, id, style, ...rest
}: RegionCascaderProps) {
  const client = useQueryClient();
  const [options, setOptions] = useState<CascaderOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The option tree as last shown: levels are added into it as they load (antd's loadData way), and
  // an async load must build on the tree of the moment it finishes, not of the render that started it.
  const tree = useRef(options);
  const show = (next: CascaderOption[]) => {
    tree.current = next;
    setOptions(next);
  };
  // Arrays are compared by content: a new array with the same codes loads nothing again.
  const disabledKey = disabledCodes.join(',');
  const pathKey = (value ?? []).join(',');

  const level = useCallback(
    async (parentCode: string | null) => {
      const disabledList = disabledKey ? disabledKey.split(',') : [];
      return (await regionChildren(client, parentCode)).map((r) => toOption(r, maxLevel, disabledList));
    },
    [client, maxLevel, disabledKey],
  );

  // The provinces, then every level along the current value that is not loaded yet (an existing value shows its names).
  useEffect(() => {
    let live = true;
    (async () => {
      let roots = tree.current;
      let changed = false;
      if (!roots.length) {
        roots = await level(null);
        changed = true;
      }
      let current = roots;
      for (const code of (pathKey ? pathKey.split(',') : []).slice(0, -1)) {
        const node = current.find((o) => o.value === code);
        if (!node || node.isLeaf) break;
        if (!node.children) {
          node.children = await level(code);
          changed = true;
        }
        current = node.children;
      }
      if (live && changed) show([...roots]);
    })().catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [pathKey, level]);

  const picks = (codes: string[]): RegionPick[] => {
    const out: RegionPick[] = [];
    let current: CascaderOption[] | undefined = tree.current;
    for (const code of codes) {
      const node: CascaderOption | undefined = current?.find((o) => o.value === code);
      if (!node) break;
      out.push({ regionCode: node.value, regionName: node.label, regionLevel: node.level });
      current = node.children;
    }
    return out;
  };

  return (
    <Cascader<CascaderOption>
      {...rest}
      id={id}
      style={style ?? { width: '100%' }}
      options={options}
      value={value ?? undefined}
      disabled={disabled}
      allowClear={allowClear}
      changeOnSelect={changeOnSelect}
      placeholder={error ? `地区加载失败：${error}` : placeholder}
      notFoundContent="暂无地区"
      showSearch={false}
      loadData={async (selected) => {
        const target = selected[selected.length - 1];
        if (!target || target.children) return;
        try {
          target.children = await level(target.value);
          setError(null);
        } catch (e) {
          setError(errorMessage(e));
        }
        show([...tree.current]);
      }}
      onChange={(codes) => {
        const list = ((codes as string[] | undefined) ?? []).map(String);
        onChange?.(list, picks(list));
      }}
    />
  );
}
