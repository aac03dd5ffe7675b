/**
 * The console theme's property catalogue (spec §3 Theme, §9 Theme defaults), shared so the
 * server seeds and validates exactly the keys the console knows how to apply.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { THEME_DEFAULTS } from '../constants';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';

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

/** Styled components of spec §3, each with its own properties (THEME_COMPONENT_PROPERTIES). */
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
export type ThemeButtonAlign = (typeof THEME_BUTTON_ALIGN_OPTIONS)[number];
export type ThemeFontWeight = (typeof THEME_FONT_WEIGHT_OPTIONS)[number];
export type ThemeComponentName = (typeof THEME_COMPONENTS)[number]['uiName'];

const ALIGN_LABELS: Record<ThemeButtonAlign, string> = { left: '左对齐', center: '居中', right: '右对齐' };
const WEIGHT_LABELS: Record<ThemeFontWeight, string> = { bold: '加粗', normal: '常规' };
const alignOptions = THEME_BUTTON_ALIGN_OPTIONS.map((value) => ({ label: ALIGN_LABELS[value], value }));
const weightOptions = THEME_FONT_WEIGHT_OPTIONS.map((value) => ({ label: WEIGHT_LABELS[value], value }));
const sizeOptions = (sizes: readonly number[]) => sizes.map((n) => ({ label: `${n}px`, value: `${n}px` }));
const paddingOptions = (lefts: readonly number[]) => lefts.map((n) => ({ label: `左 ${n}px`, value: `0 0 0 ${n}px` }));

const align = (displayName: string, defaultValue: ThemeButtonAlign): ThemePropertyDefinition => ({
  uiName: 'buttonAlign', displayName, inputType: 'select', valueType: 'string', defaultValue, valueOption: alignOptions,
});
const weight = (uiName: string, displayName: string, defaultValue: ThemeFontWeight): ThemePropertyDefinition => ({
  uiName, displayName, inputType: 'select', valueType: 'string', defaultValue, valueOption: weightOptions,
});

/**
 * The properties of each styled component (spec §3 Theme components, §9 Theme defaults): the menu's
 * font size 14px, height 40px and submenu paddings 0 0 0 10px / 0 0 0 30px; button alignment
 * left | center | right; font weight bold | normal. Defaults are today's look, so a theme stored
 * before components had properties looks the same. Every value is a choice from a list: nothing
 * typed reaches a style sheet.
 */
export const THEME_COMPONENT_PROPERTIES: Readonly<Record<ThemeComponentName, readonly ThemePropertyDefinition[]>> = {
  menu: [
    { uiName: 'fontSize', displayName: '菜单字号', inputType: 'select', valueType: 'string', defaultValue: THEME_DEFAULTS.MENU_FONT_SIZE, valueOption: sizeOptions([12, 13, 14, 15, 16]) },
    { uiName: 'height', displayName: '菜单项高度', inputType: 'select', valueType: 'string', defaultValue: THEME_DEFAULTS.MENU_HEIGHT, valueOption: sizeOptions([36, 40, 44, 48]) },
    { uiName: 'subMenuPadding', displayName: '子菜单缩进', inputType: 'select', valueType: 'string', defaultValue: THEME_DEFAULTS.SUBMENU_PADDING, valueOption: paddingOptions([0, 10, 20]) },
    { uiName: 'subMenuPaddingL2', displayName: '二级子菜单缩进', inputType: 'select', valueType: 'string', defaultValue: THEME_DEFAULTS.SUBMENU_PADDING_L2, valueOption: paddingOptions([20, 30, 40]) },
    weight('fontWeight', '菜单字重', 'normal'),
  ],
  logo: [weight('fontWeight', '站点名称字重', 'bold')],
  button: [align('工具栏按钮对齐', 'left'), weight('fontWeight', '按钮字重', 'normal')],
  jModal: [align('弹窗按钮对齐', 'right'), weight('titleFontWeight', '弹窗标题字重', 'bold')],
  listTitle: [weight('fontWeight', '列表标题字重', 'bold')],
  formSearch: [align('表单按钮对齐', 'left'), weight('labelFontWeight', '表单标签字重', 'normal')],
  dTable: [weight('headerFontWeight', '表头字重', 'bold')],
};

const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The catalogue of one styled component, or undefined for a name spec §3 does not list. */
export function componentCatalogue(uiName: string): readonly ThemePropertyDefinition[] | undefined {
  return Object.hasOwn(THEME_COMPONENT_PROPERTIES, uiName) ? THEME_COMPONENT_PROPERTIES[uiName as ThemeComponentName] : undefined;
}

/** The message for a property value the catalogue refuses, or null when it is acceptable. */
export function themeValueProblem(uiName: string, value: unknown, catalogue: readonly ThemePropertyDefinition[] = THEME_BASIC_PROPERTIES): string | null {
  const definition = catalogue.find((p) => p.uiName === uiName);
  if (!definition) return `未知的主题属性：${uiName}`;
  if (value === null) return null;
  if (definition.valueType === 'boolean') return typeof value === 'boolean' ? null : `${definition.displayName}只能是开或关`;
  if (typeof value !== 'string') return `${definition.displayName}格式不正确`;
  if (definition.inputType === 'colorselect' && value !== '' && !COLOR.test(value)) return `${definition.displayName}必须是 #RRGGBB 格式的颜色`;
  if (definition.valueOption && !definition.valueOption.some((o) => o.value === value)) return `${definition.displayName}的取值不在可选范围内`;
  if (value.length > 256) return `${definition.displayName}过长`;
  return null;
}

// ── calls (spec §7 /rest/theme/*): the signed-in user's theme, and shared-theme administration ──

export const THEME_PERMISSIONS = permissionsOf('system:theme', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

const TAG = '主题';

const themeValue = z.union([z.string(), z.boolean()]).nullable();
const themeProperty = z.object({
  uiName: z.string(),
  value: themeValue,
  defaultValue: themeValue,
  displayName: z.string(),
  inputType: z.enum(['switch', 'colorselect', 'imgselect', 'select', 'text']),
  valueOption: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  valueType: z.enum(['string', 'boolean', 'number']).optional(),
});

/** The theme the console applies: the user's own override, else the global default. */
export const effectiveTheme = z.object({
  themeId: z.string().nullable(),
  themeName: z.string(),
  layoutUiName: z.string(),
  basicProperties: z.array(themeProperty),
  components: z.array(z.object({ uiName: z.string(), displayName: z.string(), properties: z.array(themeProperty) })),
  personal: z.boolean(),
});

/** A shared theme as administration sees it: the effective shape plus its record fields. */
const sharedThemeFields = { isDefault: z.boolean(), ...recordFields };
export const sharedTheme = effectiveTheme.extend({ themeId: zId, ...sharedThemeFields });

const propertyValues = z
  .array(z.object({ uiName: z.string().trim().min(1).max(64), value: z.union([z.string().max(256), z.boolean()]).nullable() }), { error: '主题属性格式不正确' })
  .max(64, '主题属性过多');
const layoutUiName = z.string({ error: '请选择布局' }).trim().min(1, '请选择布局').max(64);

/** Values of the styled components' properties; a component left out keeps its defaults. */
const componentValues = z
  .array(z.object({ uiName: z.string().trim().min(1).max(64), properties: propertyValues }), { error: '组件样式格式不正确' })
  .max(16, '组件样式过多')
  .optional();

export const personalThemeBody = z.object({ layoutUiName, basicProperties: propertyValues, components: componentValues });
export const themeBody = z.object({
  themeName: z.string({ error: '请输入主题名称' }).trim().min(1, '请输入主题名称').max(64, '主题名称不能超过64个字符'),
  layoutUiName,
  basicProperties: propertyValues,
  components: componentValues,
});

const optionalShared = Object.fromEntries(Object.entries(sharedThemeFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof sharedThemeFields]: z.ZodOptional<(typeof sharedThemeFields)[K]>;
};
const themeId = z.object({ themeId: zId });

export const themeCalls = {
  /** One path, two audiences: another theme than one's own is administration and needs the detail code (checked by the handler). */
  get: defineCall({
    method: 'POST',
    path: '/rest/theme/get',
    access: SIGNED_IN,
    tag: TAG,
    summary: '无 themeId：当前用户生效的主题（个人主题，否则全局默认）；有 themeId：该共享主题（需 system:theme:detail）',
    body: z.object({ themeId: zId.optional() }),
    response: effectiveTheme.extend(optionalShared),
  }),
  savePersonal: defineCall({
    method: 'POST',
    path: '/rest/theme/personal/save',
    access: SIGNED_IN,
    tag: TAG,
    summary: '保存本人的个人主题（布局与基础属性），覆盖全局默认主题',
    body: personalThemeBody,
    response: effectiveTheme,
  }),
  resetPersonal: defineCall({
    method: 'POST',
    path: '/rest/theme/personal/reset',
    access: SIGNED_IN,
    tag: TAG,
    summary: '删除本人的个人主题，恢复全局默认主题',
    body: z.object({}),
    response: effectiveTheme,
  }),
  query: defineCall({
    method: 'POST',
    path: '/rest/theme/query',
    access: THEME_PERMISSIONS.list,
    tag: TAG,
    summary: '共享主题分页（不含个人主题；默认主题在前）',
    body: z.object({ pageParameter: zPageParameter, themeName: z.string().trim().max(64).optional() }),
    response: pageOf(sharedTheme),
  }),
  create: defineCall({ method: 'POST', path: '/rest/theme/create', access: THEME_PERMISSIONS.add, tag: TAG, summary: '新增共享主题', body: themeBody, response: sharedTheme }),
  update: defineCall({
    method: 'POST',
    path: '/rest/theme/update',
    access: THEME_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改共享主题',
    body: themeBody.extend({ themeId: zId, lockVersion: z.number({ error: '缺少版本号 lockVersion' }).int().min(0) }),
    response: sharedTheme,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/theme/delete',
    access: THEME_PERMISSIONS.del,
    tag: TAG,
    summary: '删除共享主题（全局默认主题不能删除）',
    body: themeId,
    response: z.null(),
  }),
  setDefault: defineCall({
    method: 'POST',
    path: '/rest/theme/setGlobalDefaultTheme',
    access: THEME_PERMISSIONS.enable,
    tag: TAG,
    summary: '设为全局默认主题（始终恰好一个）',
    body: themeId,
    response: sharedTheme,
  }),
};
