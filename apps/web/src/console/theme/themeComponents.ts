/**
 * The styled components of a console theme (spec §3 Theme components, §9 Theme defaults): reading
 * their values with the catalogue's defaults, editing them, and what the console applies from them.
 */
import {
  THEME_COMPONENT_PROPERTIES,
  THEME_COMPONENTS,
  componentCatalogue,
  themeValueProblem,
  type ThemeButtonAlign,
  type ThemeComponentName,
  type ThemeFontWeight,
} from '@dandelion/shared/system/theme';
import type { ConsoleTheme } from '../../api/consoleTypes';

/** A component property's value: stored, else the catalogue default; an unreadable one takes the default too. */
export function componentValue(theme: ConsoleTheme | null, component: ThemeComponentName, uiName: string): string {
  const definition = THEME_COMPONENT_PROPERTIES[component].find((p) => p.uiName === uiName);
  const fallback = typeof definition?.defaultValue === 'string' ? definition.defaultValue : '';
  const property = theme?.components.find((c) => c.uiName === component)?.properties.find((p) => p.uiName === uiName);
  const value = property ? (property.value ?? property.defaultValue) : fallback;
  return typeof value === 'string' && themeValueProblem(uiName, value, THEME_COMPONENT_PROPERTIES[component]) === null ? value : fallback;
}

export interface ResolvedComponents {
  menuFontSize: string;
  menuHeight: string;
  subMenuPadding: string;
  subMenuPaddingL2: string;
  menuFontWeight: ThemeFontWeight;
  logoFontWeight: ThemeFontWeight;
  toolbarButtonAlign: ThemeButtonAlign;
  buttonFontWeight: ThemeFontWeight;
  modalButtonAlign: ThemeButtonAlign;
  modalTitleFontWeight: ThemeFontWeight;
  listTitleFontWeight: ThemeFontWeight;
  formButtonAlign: ThemeButtonAlign;
  formLabelFontWeight: ThemeFontWeight;
  tableHeaderFontWeight: ThemeFontWeight;
}

export function resolveComponents(theme: ConsoleTheme | null): ResolvedComponents {
  const v = (component: ThemeComponentName, uiName: string) => componentValue(theme, component, uiName);
  return {
    menuFontSize: v('menu', 'fontSize'),
    menuHeight: v('menu', 'height'),
    subMenuPadding: v('menu', 'subMenuPadding'),
    subMenuPaddingL2: v('menu', 'subMenuPaddingL2'),
    menuFontWeight: v('menu', 'fontWeight') as ThemeFontWeight,
    logoFontWeight: v('logo', 'fontWeight') as ThemeFontWeight,
    toolbarButtonAlign: v('button', 'buttonAlign') as ThemeButtonAlign,
    buttonFontWeight: v('button', 'fontWeight') as ThemeFontWeight,
    modalButtonAlign: v('jModal', 'buttonAlign') as ThemeButtonAlign,
    modalTitleFontWeight: v('jModal', 'titleFontWeight') as ThemeFontWeight,
    listTitleFontWeight: v('listTitle', 'fontWeight') as ThemeFontWeight,
    formButtonAlign: v('formSearch', 'buttonAlign') as ThemeButtonAlign,
    formLabelFontWeight: v('formSearch', 'labelFontWeight') as ThemeFontWeight,
    tableHeaderFontWeight: v('dTable', 'headerFontWeight') as ThemeFontWeight,
  };
}

/** The theme with one component property changed (a component or property it lacks is added from the catalogue). */
export function withComponentValue(theme: ConsoleTheme, component: ThemeComponentName, uiName: string, value: string): ConsoleTheme {
  const components = THEME_COMPONENTS.map((c) => {
    const current = theme.components.find((x) => x.uiName === c.uiName);
    const properties = (componentCatalogue(c.uiName) ?? []).map((d) => {
      const existing = current?.properties.find((p) => p.uiName === d.uiName);
      const base = existing ?? { uiName: d.uiName, displayName: d.displayName, inputType: d.inputType, valueType: d.valueType, defaultValue: d.defaultValue, value: d.defaultValue, ...(d.valueOption ? { valueOption: [...d.valueOption] } : {}) };
      return c.uiName === component && d.uiName === uiName ? { ...base, value } : base;
    });
    return { uiName: c.uiName, displayName: current?.displayName ?? c.displayName, properties };
  });
  return { ...theme, components };
}

/** Every component's values, as /rest/theme/personal/save and the shared-theme calls take them. */
export function componentValues(theme: ConsoleTheme): Array<{ uiName: string; properties: Array<{ uiName: string; value: string }> }> {
  return THEME_COMPONENTS.map((c) => ({
    uiName: c.uiName,
    properties: THEME_COMPONENT_PROPERTIES[c.uiName].map((d) => ({ uiName: d.uiName, value: componentValue(theme, c.uiName, d.uiName) })),
  }));
}

const JUSTIFY: Record<ThemeButtonAlign, string> = { left: 'flex-start', center: 'center', right: 'flex-end' };
const WEIGHT: Record<ThemeFontWeight, string> = { bold: '600', normal: '400' };

/** CSS variables for what antd tokens cannot say (alignment of button rows, weights of our own titles). */
export function componentVariables(c: ResolvedComponents): Record<`--${string}`, string> {
  return {
    '--dl-toolbar-justify': JUSTIFY[c.toolbarButtonAlign],
    '--dl-form-button-justify': JUSTIFY[c.formButtonAlign],
    '--dl-modal-button-align': c.modalButtonAlign,
    '--dl-button-weight': WEIGHT[c.buttonFontWeight],
    '--dl-menu-weight': WEIGHT[c.menuFontWeight],
    '--dl-logo-weight': WEIGHT[c.logoFontWeight],
    '--dl-list-title-weight': WEIGHT[c.listTitleFontWeight],
    '--dl-form-label-weight': WEIGHT[c.formLabelFontWeight],
    '--dl-table-header-weight': WEIGHT[c.tableHeaderFontWeight],
  };
}

export const fontWeightNumber = (weight: ThemeFontWeight) => Number(WEIGHT[weight]);
