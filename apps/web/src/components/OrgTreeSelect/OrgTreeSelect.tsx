import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { orgCalls } from '@dandelion/shared/system/org';
import { call } from '../../api/call';

/** One organisation as /rest/organ/tree answers it. */
export type OrgNode = CallData<typeof orgCalls.tree>[number];

/** The organisation tree is cached a few minutes: it changes rarely and every form opens it. */
const ORG_TREE_STALE_MS = 5 * 60_000;

export const orgTreeKey = (parentId: string | null) => ['org-tree', parentId ?? 'root'] as const;

/** The direct children of `parentId`, or the roots the user may see. */
export function fetchOrgChildren(parentId: string | null, signal?: AbortSignal): Promise<OrgNode[]> {
  return call(orgCalls.tree, parentId ? { parentId } : {}, { signal });
}

interface Labeled {
  value: string;
  label?: ReactNode;
}

interface TreeOption {
  value: string;
  title: string;
  isLeaf: boolean;
  children?: TreeOption[];
}

export interface OrgTreeSelectProps {
  /** An orgId, or a list of them with `multiple`. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  /** Pick several organisations; each is picked on its own (a parent does not imply its children). */
  multiple?: boolean;
  /**
   * Names of organisations the value may hold before their branch is loaded (an upd form's record
   * carries orgId and orgName), so the field shows a name rather than an id.
   */
  labels?: Readonly<Record<string, string>>;
  /** Organisations left out with their branches: an organisation cannot be its own parent. */
  excludeIds?: readonly string[];
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * An organisation picker over /rest/organ/tree: the roots come first, each branch loads when
 * opened, and typing filters the names loaded so far.
 */
export function OrgTreeSelect({
  value,
  onChange,
  multiple = false,
  labels,
  excludeIds,
  placeholder = '请选择机构',
  disabled,
  allowClear = true,
  id,
  style,
  className,
}: OrgTreeSelectProps) {
  const queryClient = useQueryClient();
  const roots = useQuery({
    queryKey: orgTreeKey(null),
    queryFn: ({ signal }) => fetchOrgChildren(null, signal),
    staleTime: ORG_TREE_STALE_MS,
  });
  const [branches, setBranches] = useState<Readonly<Record<string, OrgNode[]>>>({});

  const { treeData, names } = useMemo(() => {
    const excluded = new Set(excludeIds);
    const known = new Map<string, string>(Object.entries(labels ?? {}));
    const toOption = (node: OrgNode): TreeOption => {
      known.set(node.orgId, node.orgName);
      const children = branches[node.orgId]?.filter((child) => !excluded.has(child.orgId)).map(toOption);
      return { value: node.orgId, title: node.orgName, isLeaf: node.isLeaf || children?.length === 0, children };
    };
    const data = (roots.data ?? []).filter((node) => !excluded.has(node.orgId)).map(toOption);
    return { treeData: data, names: known };
  }, [roots.data, branches, excludeIds, labels]);

  const loadBranch = async (node: { value?: unknown }) => {
    const parentId = String(node.value);
    if (branches[parentId]) return;
    const children = await queryClient.fetchQuery({
      queryKey: orgTreeKey(parentId),
      queryFn: ({ signal }) => fetchOrgChildren(parentId, signal),
      staleTime: ORG_TREE_STALE_MS,
    });
    setBranches((current) => ({ ...current, [parentId]: children }));
  };

  // Values travel with their names (labelInValue), so a picked organisation whose branch is not
  // loaded yet still shows its name; the caller sees plain ids.
  const labeled = (orgId: string): Labeled => ({ value: orgId, label: names.get(orgId) ?? orgId });
  const innerValue = multiple
    ? (Array.isArray(value) ? value : value ? [value] : []).map(labeled)
    : typeof value === 'string' && value
      ? labeled(value)
      : undefined;

  const handleChange = (next: Labeled | Labeled[] | null | undefined) => {
    if (Array.isArray(next)) onChange?.(next.map((item) => String(item.value)));
    else onChange?.(next ? String(next.value) : multiple ? [] : undefined);
  };

  return (
    <TreeSelect<Labeled | Labeled[]>
      id={id}
      style={{ width: '100%', ...style }}
      className={className}
      value={innerValue}
      onChange={handleChange}
      labelInValue
      treeData={treeData}
      loadData={loadBranch}
      multiple={multiple}
      treeCheckable={multiple}
      treeCheckStrictly={multiple}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      loading={roots.isPending}
      notFoundContent={roots.isError ? '机构加载失败，请稍后重试' : '暂无机构'}
    />
  );
}
