/** Shared themes: the console's calls of the shared contract (`@dandelion/shared/system/theme`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { layoutCalls } from '@dandelion/shared/system/layout';
import { themeCalls } from '@dandelion/shared/system/theme';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

/** A row of the list. */
export type SharedTheme = CallData<typeof themeCalls.query>['list'][number];
/** A shared theme as the form loads it (the get call answers the record fields too). */
export type ThemeRecord = CallData<typeof themeCalls.get>;
export type ThemeSearch = Omit<CallInput<typeof themeCalls.query>, 'pageParameter'>;
/** The form holds the basic properties by name. */
export interface ThemeValues {
  themeName: string;
  layoutUiName: string;
  props: Record<string, string | boolean | null>;
}

export const THEME_TABLE_KEY = 'system-theme';

export const fetchThemePage = (query: PageQuery<ThemeSearch>, signal: AbortSignal) => call(themeCalls.query, query, { signal });
export const fetchTheme = (themeId: string) => call(themeCalls.get, { themeId }, { silent: true });
export const fetchLayouts = () => call(layoutCalls.available, {});
export const setDefaultTheme = (themeId: string) => call(themeCalls.setDefault, { themeId });
export const deleteTheme = (themeId: string) => call(themeCalls.remove, { themeId });
export const saveTheme = (v: ThemeValues, record?: ThemeRecord) => {
  const body = { themeName: v.themeName, layoutUiName: v.layoutUiName, basicProperties: Object.entries(v.props ?? {}).map(([uiName, value]) => ({ uiName, value: value ?? null })) };
  return record?.themeId
    ? call(themeCalls.update, { ...body, themeId: record.themeId, lockVersion: record.lockVersion ?? 0 }, { silent: true })
    : call(themeCalls.create, body, { silent: true });
};
