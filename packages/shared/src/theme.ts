/**
 * The console theme's property catalogue (spec §3 Theme, §9 Theme defaults), shared so the
 * server seeds and validates exactly the keys the console knows how to apply.
 */

/** Root layouts the console can render (spec §2: the theme names the root layout). */
export const CONSOLE_LAYOUTS = [
  { value: 'cms-layout', label: '侧边菜单布局' },
  { value: 'top-layout', label: '顶部菜单布局' },
] as const;
export type ConsoleLayoutName = (typeof CONSOLE_LAYOUTS)[number]['value'];
/** Spec §2: the default root layout is the content-management (sidebar) layout. */
export const DEFAULT_CONSOLE_LAYOUT: ConsoleLayoutName = 'cms-layout';

/** Primary colour when a theme leaves it empty (spec §9 says a fallback exists; ours is the brand blue). */
export const PRIMARY_COLOR_FALLBACK = '#1f5fb8';

export type ThemeInputType = 'switch' | 'colorselect' | 'imgselect' | 'select' | 'text';

/** One themable property as stored and answered (spec §3 Theme). */
export interface ThemeProperty {
  uiName: string;
  value: string | boolean | null;
  defaultValue: string | boolean | null;
  displayName: string;
  inputType: ThemeInputType;
  valueOption?: Array<{ label: string; value: string }>;
  valueType?: 'string' | 'boolean' | 'number';
}

/** A styled component (menu, logo, button, jModal, listTitle, formSearch, dTable) with its own properties. */
export interface ThemeComponent {
  uiName: string;
  displayName: string;
  properties: ThemeProperty[];
}

export interface ThemePropertyDefinition {
  uiName: string;
  displayName: string;
  inputType: ThemeInputType;
  valueType: 'string' | 'boolean';
  defaultValue: string | boolean | null;
  valueOption?: ReadonlyArray<{ label: string; value: string }>;
}

/** Background image options 1 to 9 (spec §9 "Image options 1 to 9"); '' means none. */
export const THEME_IMAGE_OPTIONS: ReadonlyArray<{ label: string; value: string }> = [
  { label: '无', value: '' },
  ...Array.from({ length: 9 }, (_, i) => ({ label: `背景 ${i + 1}`, value: String(i + 1) })),
];

/** The basic keys of spec §3, in the order the theme editor shows them. */
export const THEME_BASIC_PROPERTIES: readonly ThemePropertyDefinition[] = [
  { uiName: 'fixHeader', displayName: '固定顶栏', inputType: 'switch', valueType: 'boolean', defaultValue: true },
  { uiName: 'fixFooter', displayName: '固定页脚', inputType: 'switch', valueType: 'boolean', defaultValue: false },
  { uiName: 'showFooter', displayName: '显示页脚', inputType: 'switch', valueType: 'boolean', defaultValue: true },
  { uiName: 'multiTab', displayName: '多页签', inputType: 'switch', valueType: 'boolean', defaultValue: true },
  { uiName: 'primaryColor', displayName: '主题色', inputType: 'colorselect', valueType: 'string', defaultValue: PRIMARY_COLOR_FALLBACK },
  { uiName: 'headerFontColor', displayName: '顶栏文字颜色', inputType: 'colorselect', valueType: 'string', defaultValue: '#ffffff' },
  { uiName: 'menuFontColor', displayName: '菜单文字颜色', inputType: 'colorselect', valueType: 'string', defaultValue: '#1f2329' },
  { uiName: 'menuBackgroundColor', displayName: '菜单背景色', inputType: 'colorselect', valueType: 'string', defaultValue: '#ffffff' },
  { uiName: 'selectedMenuFontColor', displayName: '选中菜单文字颜色', inputType: 'colorselect', valueType: 'string', defaultValue: PRIMARY_COLOR_FALLBACK },
  { uiName: 'selectedMenuBackgroundColor', displayName: '选中菜单背景色', inputType: 'colorselect', valueType: 'string', defaultValue: '#e8f0fb' },
  { uiName: 'expandMenuBackgroundColor', displayName: '展开菜单背景色', inputType: 'colorselect', valueType: 'string', defaultValue: '#f7f8fa' },
  { uiName: 'headerBackgroundImg', displayName: '顶栏背景图', inputType: 'imgselect', valueType: 'string', defaultValue: '', valueOption: THEME_IMAGE_OPTIONS },
  { uiName: 'sliderBackgroundImg', displayName: '侧栏背景图', inputType: 'imgselect', valueType: 'string', defaultValue: '', valueOption: THEME_IMAGE_OPTIONS },
  { uiName: 'thumbnailPath', displayName: '缩略图', inputType: 'text', valueType: 'string', defaultValue: '' },
];

export const THEME_BASIC_KEYS = THEME_BASIC_PROPERTIES.map((p) => p.uiName);

/** Styled components of spec §3; their own properties (e.g. button alignment) arrive with the theme editor. */
export const THEME_COMPONENTS = [
  { uiName: 'menu', displayName: '菜单' },
  { uiName: 'logo', displayName: '标志' },
  { uiName: 'button', displayName: '按钮' },
  { uiName: 'jModal', displayName: '弹窗' },
  { uiName: 'listTitle', displayName: '列表标题' },
  { uiName: 'formSearch', displayName: '查询表单' },
  { uiName: 'dTable', displayName: '数据表格' },
] as const;

/** Spec §9: button alignment and font weight options of the styled components. */
export const THEME_BUTTON_ALIGN_OPTIONS = ['left', 'center', 'right'] as const;
export const THEME_FONT_WEIGHT_OPTIONS = ['bold', 'normal'] as const;

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The message for a property value the catalogue refuses, or null when it is acceptable. */
export function themeValueProblem(uiName: string, value: unknown): string | null {
  const definition = THEME_BASIC_PROPERTIES.find((p) => p.uiName === uiName);
  if (!definition) return `未知的主题属性：${uiName}`;
  if (value === null) return null;
  if (definition.valueType === 'boolean') return typeof value === 'boolean' ? null : `${definition.displayName}只能是开或关`;
  if (typeof value !== 'string') return `${definition.displayName}格式不正确`;
  if (definition.inputType === 'colorselect' && value !== '' && !COLOR.test(value)) return `${definition.displayName}必须是 #RRGGBB 格式的颜色`;
  if (definition.valueOption && !definition.valueOption.some((o) => o.value === value)) return `${definition.displayName}的取值不在可选范围内`;
  if (value.length > 256) return `${definition.displayName}过长`;
  return null;
}
