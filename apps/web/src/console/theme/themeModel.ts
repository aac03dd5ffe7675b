/**
 * Reading and editing a console theme (spec §3 Theme). A theme from the server may be partial,
 * stale or absent; everything downstream works on the resolved values below, so fallbacks are
 * decided once, here.
 */
import { THEME_DEFAULTS, type CallInput } from '@dandelion/shared';
import {
  CONSOLE_LAYOUTS,
  DEFAULT_CONSOLE_LAYOUT,
  PRIMARY_COLOR_FALLBACK,
  THEME_BASIC_PROPERTIES,
  themeValueProblem,
  type ConsoleLayoutName,
  type themeCalls,
} from '@dandelion/shared/system/theme';
import type { ConsoleTheme, ThemeProperty } from '../../api/consoleTypes';
import { componentValues } from './themeComponents';

export interface ResolvedTheme {
  layout: ConsoleLayoutName;
  fixHeader: boolean;
  fixFooter: boolean;
  showFooter: boolean;
  multiTab: boolean;
  primaryColor: string;
  headerFontColor: string;
  menuFontColor: string;
  /** '' = leave antd's own colour. */
  menuBackgroundColor: string;
  selectedMenuFontColor: string;
  selectedMenuBackgroundColor: string;
  expandMenuBackgroundColor: string;
  /** '' or '1'…'9' (spec §9 image options). */
  headerBackgroundImg: string;
  sliderBackgroundImg: string;
  thumbnailPath: string;
}

type BasicKey = Exclude<keyof ResolvedTheme, 'layout'>;

/** Spec §9: colours a theme may leave empty but the console cannot do without. */
const COLOR_FALLBACKS: Partial<Record<BasicKey, string>> = {
  primaryColor: PRIMARY_COLOR_FALLBACK,
  headerFontColor: THEME_DEFAULTS.HEADER_FONT_FALLBACK,
  menuFontColor: THEME_DEFAULTS.MENU_FONT_FALLBACK,
};

export function isConsoleLayout(value: unknown): value is ConsoleLayoutName {
  return CONSOLE_LAYOUTS.some((l) => l.value === value);
}

function definitionOf(uiName: string) {
  return THEME_BASIC_PROPERTIES.find((p) => p.uiName === uiName);
}

/** The stored value of a property: its value, else its own default; undefined when the theme lacks it. */
function rawValue(theme: ConsoleTheme | null, uiName: string): string | boolean | null | undefined {
  const property = theme?.basicProperties.find((p) => p.uiName === uiName);
  if (!property) return undefined;
  return property.value ?? property.defaultValue;
}

function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  // Older rows keep booleans as text.
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function resolveBoolean(theme: ConsoleTheme | null, uiName: BasicKey): boolean {
  const fromTheme = asBoolean(rawValue(theme, uiName));
  if (fromTheme !== undefined) return fromTheme;
  return asBoolean(definitionOf(uiName)?.defaultValue) ?? false;
}

function resolveString(theme: ConsoleTheme | null, uiName: BasicKey): string {
  const raw = rawValue(theme, uiName);
  // A property missing from the theme takes the catalogue's default; a present but empty or
  // invalid one takes the spec's fallback (an unreadable colour must never reach antd).
  const value = raw === undefined ? definitionOf(uiName)?.defaultValue : raw;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text !== '' && themeValueProblem(uiName, text) === null) return text;
  return COLOR_FALLBACKS[uiName] ?? '';
}

/** Every basic property of spec §3 with its fallback applied. A null theme gives the catalogue defaults. */
export function resolveTheme(theme: ConsoleTheme | null, layoutUiName?: string): ResolvedTheme {
  const layoutName = theme?.layoutUiName ?? layoutUiName;
  return {
    layout: isConsoleLayout(layoutName) ? layoutName : DEFAULT_CONSOLE_LAYOUT,
    fixHeader: resolveBoolean(theme, 'fixHeader'),
    fixFooter: resolveBoolean(theme, 'fixFooter'),
    showFooter: resolveBoolean(theme, 'showFooter'),
    multiTab: resolveBoolean(theme, 'multiTab'),
    primaryColor: resolveString(theme, 'primaryColor'),
    headerFontColor: resolveString(theme, 'headerFontColor'),
    menuFontColor: resolveString(theme, 'menuFontColor'),
    menuBackgroundColor: resolveString(theme, 'menuBackgroundColor'),
    selectedMenuFontColor: resolveString(theme, 'selectedMenuFontColor'),
    selectedMenuBackgroundColor: resolveString(theme, 'selectedMenuBackgroundColor'),
    expandMenuBackgroundColor: resolveString(theme, 'expandMenuBackgroundColor'),
    headerBackgroundImg: resolveString(theme, 'headerBackgroundImg'),
    sliderBackgroundImg: resolveString(theme, 'sliderBackgroundImg'),
    thumbnailPath: resolveString(theme, 'thumbnailPath'),
  };
}

function catalogueProperty(uiName: string): ThemeProperty | null {
  const d = definitionOf(uiName);
  if (!d) return null;
  return {
    uiName: d.uiName,
    value: d.defaultValue,
    defaultValue: d.defaultValue,
    displayName: d.displayName,
    inputType: d.inputType,
    valueType: d.valueType,
    ...(d.valueOption ? { valueOption: [...d.valueOption] } : {}),
  };
}

/** A theme to edit when the server gave none: the catalogue's defaults, not yet personal. */
export function defaultTheme(layoutUiName: string = DEFAULT_CONSOLE_LAYOUT): ConsoleTheme {
  return {
    themeId: null,
    themeName: '默认主题',
    layoutUiName: isConsoleLayout(layoutUiName) ? layoutUiName : DEFAULT_CONSOLE_LAYOUT,
    basicProperties: THEME_BASIC_PROPERTIES.map((p) => catalogueProperty(p.uiName)!),
    components: [],
    personal: false,
  };
}

/** The value the editor shows for a property (the stored one, else the catalogue default). */
export function editableValue(theme: ConsoleTheme, uiName: string): string | boolean | null {
  const raw = rawValue(theme, uiName);
  return raw === undefined ? (definitionOf(uiName)?.defaultValue ?? null) : raw;
}

/** A copy of `theme` with one basic property set; a property the theme lacks is added from the catalogue. */
export function withProperty(theme: ConsoleTheme, uiName: string, value: string | boolean | null): ConsoleTheme {
  const exists = theme.basicProperties.some((p) => p.uiName === uiName);
  const basicProperties = exists
    ? theme.basicProperties.map((p) => (p.uiName === uiName ? { ...p, value } : p))
    : [...theme.basicProperties, { ...(catalogueProperty(uiName) ?? fallbackProperty(uiName)), value }];
  return { ...theme, basicProperties };
}

function fallbackProperty(uiName: string): ThemeProperty {
  return { uiName, value: null, defaultValue: null, displayName: uiName, inputType: 'text' };
}

export function withLayout(theme: ConsoleTheme, layoutUiName: ConsoleLayoutName): ConsoleTheme {
  return { ...theme, layoutUiName };
}

export type PersonalThemeBody = CallInput<typeof themeCalls.savePersonal>;

/** The body of /rest/theme/personal/save: every catalogue key, as the editor shows it. */
export function personalThemeBody(theme: ConsoleTheme): PersonalThemeBody {
  return {
    layoutUiName: isConsoleLayout(theme.layoutUiName) ? theme.layoutUiName : DEFAULT_CONSOLE_LAYOUT,
    basicProperties: THEME_BASIC_PROPERTIES.map((p) => ({ uiName: p.uiName, value: editableValue(theme, p.uiName) })),
    components: componentValues(theme),
  };
}

/** The first value the server would refuse, as its Chinese message; null when all are acceptable. */
export function firstThemeProblem(body: PersonalThemeBody): string | null {
  for (const { uiName, value } of body.basicProperties) {
    const problem = themeValueProblem(uiName, value);
    if (problem) return problem;
  }
  return null;
}
