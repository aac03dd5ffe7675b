/** Layouts (server: apps/server/src/modules/system/layout/routes.ts). */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const LAYOUT_PERMISSIONS = { list: 'system:layout:list', add: 'system:layout:add', upd: 'system:layout:upd', detail: 'system:layout:detail', del: 'system:layout:del' } as const;
export interface LayoutRecord {
  layoutId: string;
  layoutName: string;
  layoutUiName: string;
  componentPath: string | null;
  thumbnail: string | null;
  status: string;
  sort: number;
  remark: string | null;
  lockVersion: number;
}
export type LayoutValues = Omit<LayoutRecord, 'layoutId' | 'lockVersion'>;

export const fetchLayoutPage = (q: PageQuery<{ keyword?: string }>) => postJson<Page<LayoutRecord>>('/rest/layout/query', q);
export const fetchLayout = (layoutId: string) => postJson<LayoutRecord>('/rest/layout/get', { layoutId }, { silent: true });
export const deleteLayout = (layoutId: string) => postJson<null>('/rest/layout/delete', { layoutId });
export const saveLayout = (v: LayoutValues, record?: LayoutRecord) =>
  record
    ? postJson<LayoutRecord>('/rest/layout/update', { ...v, layoutId: record.layoutId, lockVersion: record.lockVersion }, { silent: true })
    : postJson<LayoutRecord>('/rest/layout/create', v, { silent: true });
