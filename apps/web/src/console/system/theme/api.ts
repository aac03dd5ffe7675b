/** Shared themes (server: apps/server/src/modules/system/theme/adminRoutes.ts). */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const THEME_PERMISSIONS = { list: 'system:theme:list', add: 'system:theme:add', upd: 'system:theme:upd', detail: 'system:theme:detail', del: 'system:theme:del', enable: 'system:theme:enable' } as const;

export interface SharedTheme {
  themeId: string;
  themeName: string;
  layoutUiName: string;
  basicProperties: Array<{ uiName: string; value: string | boolean | null }>;
  isDefault: boolean;
  lockVersion: number;
  updateTime: string;
}
export interface ThemeValues {
  themeName: string;
  layoutUiName: string;
  props: Record<string, string | boolean | null>;
}

export const fetchThemePage = (q: PageQuery<{ themeName?: string }>) => postJson<Page<SharedTheme>>('/rest/theme/query', q);
export const fetchTheme = (themeId: string) => postJson<SharedTheme>('/rest/theme/get', { themeId }, { silent: true });
export const fetchLayouts = () => postJson<Array<{ layoutName: string; layoutUiName: string }>>('/rest/layout/getAvailableLayouts', {});
export const setDefaultTheme = (themeId: string) => postJson<SharedTheme>('/rest/theme/setGlobalDefaultTheme', { themeId });
export const deleteTheme = (themeId: string) => postJson<null>('/rest/theme/delete', { themeId });
export const saveTheme = (v: ThemeValues, record?: SharedTheme) => {
  const body = { themeName: v.themeName, layoutUiName: v.layoutUiName, basicProperties: Object.entries(v.props ?? {}).map(([uiName, value]) => ({ uiName, value: value ?? null })) };
  return record
    ? postJson<SharedTheme>('/rest/theme/update', { ...body, themeId: record.themeId, lockVersion: record.lockVersion }, { silent: true })
    : postJson<SharedTheme>('/rest/theme/create', body, { silent: true });
};
