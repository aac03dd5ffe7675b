import { useLocation, useParams, useSearchParams } from 'react-router';

/** The three pages that share one form (spec §2): …Add, …Upd, …Detail. */
export type FormMode = 'add' | 'upd' | 'detail';

export const FORM_MODE_LABELS: Readonly<Record<FormMode, string>> = { add: '新增', upd: '修改', detail: '详情' };

/**
 * The mode a path names by its last segment: '/system/user/userUpd' → 'upd'. null when the
 * segment ends in none of Add, Upd, Detail.
 */
export function formModeOf(pathname: string): FormMode | null {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  if (last.endsWith('Add')) return 'add';
  if (last.endsWith('Upd')) return 'upd';
  if (last.endsWith('Detail')) return 'detail';
  return null;
}

/**
 * The path of a page beside the current one: siblingPath('/system/user/userList', 'userUpd', { id: 7 })
 * → '/system/user/userUpd?id=7'. List pages use it to open their form pages.
 */
export function siblingPath(pathname: string, page: string, query?: Record<string, string | number>): string {
  const base = pathname.replace(/\/+$/, '');
  const path = `${base.slice(0, base.lastIndexOf('/') + 1)}${page}`;
  if (!query) return path;
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return `${path}?${search.toString()}`;
}

export interface FormModeState {
  mode: FormMode;
  /** The record's id: the `id` query parameter (userUpd?id=7) or an `:id` route parameter; null for add. */
  id: string | null;
  /** True in detail mode: nothing may be edited. */
  readOnly: boolean;
  /** 新增 / 修改 / 详情. */
  label: string;
}

/** The form mode of the current route; a path naming none counts as add, unless `override` says otherwise. */
export function useFormMode(override?: FormMode): FormModeState {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const params = useParams();
  const mode = override ?? formModeOf(pathname) ?? 'add';
  const id = mode === 'add' ? null : (params.id ?? search.get('id') ?? null);
  return { mode, id: id || null, readOnly: mode === 'detail', label: FORM_MODE_LABELS[mode] };
}
