import type { PageParameter } from '@dandelion/shared';
import {
  CONSOLE_LAYOUTS,
  DEFAULT_CONSOLE_LAYOUT,
  THEME_BASIC_PROPERTIES,
  THEME_COMPONENTS,
  componentCatalogue,
  themeValueProblem,
  type ThemePropertyDefinition,
  type ThemeComponent,
  type ThemeProperty,
} from '@dandelion/shared/system/theme';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { auditOf } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { themeRepo, type ThemeRow } from './repo';

/** The theme the console applies (spec §3 Theme), with every catalogue property present. */
export interface EffectiveTheme {
  themeId: number | null;
  themeName: string;
  layoutUiName: string;
  basicProperties: ThemeProperty[];
  components: ThemeComponent[];
  personal: boolean;
}

type PropertyValues = Array<{ uiName: string; value: string | boolean | null }>;

export interface PersonalThemeInput {
  layoutUiName: string;
  basicProperties: PropertyValues;
  /** Values of the styled components' properties; absent keeps what is stored. */
  components?: Array<{ uiName: string; properties: PropertyValues }>;
}

export interface SharedThemeInput extends PersonalThemeInput {
  themeName: string;
}

export const BUILT_IN_THEME_NAME = '默认主题';
const MODULE = 'system:theme';

/** Catalogue order and metadata, with the stored values laid over the defaults. */
export function completeProperties(
  stored: ReadonlyArray<Pick<ThemeProperty, 'uiName' | 'value'>>,
  catalogue: readonly ThemePropertyDefinition[] = THEME_BASIC_PROPERTIES,
): ThemeProperty[] {
  const byName = new Map(stored.map((p) => [p.uiName, p.value]));
  return catalogue.map((d) => ({
    uiName: d.uiName,
    displayName: d.displayName,
    inputType: d.inputType,
    valueType: d.valueType,
    defaultValue: d.defaultValue,
    value: byName.has(d.uiName) ? (byName.get(d.uiName) ?? null) : d.defaultValue,
    ...(d.valueOption ? { valueOption: [...d.valueOption] } : {}),
  }));
}

/**
 * Every styled component of spec §3 with all its properties: stored values over the catalogue's
 * defaults (derived here, so rows stored before components had properties need no migration).
 */
export function completeComponents(stored: ReadonlyArray<{ uiName: string; properties?: ReadonlyArray<Pick<ThemeProperty, 'uiName' | 'value'>> }> = []): ThemeComponent[] {
  const byName = new Map(stored.map((c) => [c.uiName, c.properties ?? []]));
  return THEME_COMPONENTS.map((c) => ({
    uiName: c.uiName,
    displayName: c.displayName,
    properties: completeProperties(byName.get(c.uiName) ?? [], componentCatalogue(c.uiName)),
  }));
}

export const builtInComponents = () => completeComponents();

/** Only the values of the components are stored, like the basic properties. */
const storedComponents = (components: PersonalThemeInput['components'], current: ThemeComponent[] = []): ThemeComponent[] =>
  completeComponents(components ?? current).map((c) => ({ ...c, properties: c.properties.map(({ uiName, value }) => ({ uiName, value }) as ThemeProperty) }));

/** The values of a new installation's global default theme. */
export function builtInTheme() {
  return {
    themeName: BUILT_IN_THEME_NAME,
    layoutUiName: DEFAULT_CONSOLE_LAYOUT,
    basicProperties: completeProperties([]),
    components: builtInComponents(),
  };
}

/** Refuses unknown layouts, unknown keys and malformed values with the property's own message. */
function checkInput(input: PersonalThemeInput) {
  if (!CONSOLE_LAYOUTS.some((l) => l.value === input.layoutUiName)) throw errors.badRequest(`不支持的布局：${input.layoutUiName}`);
  for (const p of input.basicProperties) {
    const problem = themeValueProblem(p.uiName, p.value);
    if (problem) throw errors.badRequest(problem);
  }
  for (const c of input.components ?? []) {
    const catalogue = componentCatalogue(c.uiName);
    if (!catalogue) throw errors.badRequest(`未知的主题组件：${c.uiName}`);
    for (const p of c.properties) {
      const problem = themeValueProblem(p.uiName, p.value, catalogue);
      if (problem) throw errors.badRequest(problem);
    }
  }
}

/** Only the values are stored; names, types and options come from the catalogue when read. */
const storedProperties = (input: PersonalThemeInput) => completeProperties(input.basicProperties).map(({ uiName, value }) => ({ uiName, value }) as ThemeProperty);

function toEffective(row: ThemeRow, personal: boolean): EffectiveTheme {
  return {
    themeId: row.id,
    themeName: row.themeName,
    layoutUiName: row.layoutUiName,
    basicProperties: completeProperties(row.basicProperties),
    components: completeComponents(row.components),
    personal,
  };
}

function toShared(row: ThemeRow) {
  return { ...toEffective(row, false), themeId: row.id, isDefault: row.isDefault, ...auditOf(row) };
}

/** The global default theme, or the built-in one before any is stored. */
export async function globalDefaultTheme(ex: Executor): Promise<EffectiveTheme> {
  const row = await themeRepo.globalDefault(ex);
  return row ? toEffective(row, false) : { themeId: null, ...builtInTheme(), personal: false };
}

/** The user's own override when they saved one, else the global default. */
export async function effectiveTheme(ex: Executor, userId: number): Promise<EffectiveTheme> {
  const own = await themeRepo.personal(ex, userId);
  return own ? toEffective(own, true) : globalDefaultTheme(ex);
}

/** Console themes: the shared global default and each user's personal override. */
export function createThemeService({ db }: { db: Db }) {
  async function sharedRow(ex: Executor, id: number): Promise<ThemeRow> {
    const row = await themeRepo.shared(ex, id);
    if (!row) throw errors.notFound('主题');
    return row;
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: MODULE, action, entityId, summary, before, after, ...change });

  return {
    effective: (userId: number) => effectiveTheme(db, userId),

    /** Saves the caller's override (one per user; a second save replaces the first). */
    async savePersonal(change: ChangeContext, input: PersonalThemeInput): Promise<EffectiveTheme> {
      checkInput(input);
      const fields = { themeName: '个人主题', layoutUiName: input.layoutUiName, basicProperties: storedProperties(input), components: storedComponents(input.components) };
      const row = await withTransaction(db, async (tx) => {
        const saved = await themeRepo.savePersonal(tx, fields, change.actor);
        await log(tx, change, 'PERSONAL_SAVE', saved.id, '保存个人主题', undefined, { layoutUiName: fields.layoutUiName, basicProperties: fields.basicProperties, components: fields.components });
        return saved;
      });
      return toEffective(row, true);
    },

    /** Drops the caller's override: the global default applies again. */
    async resetPersonal(change: ChangeContext): Promise<EffectiveTheme> {
      await withTransaction(db, async (tx) => {
        const [dropped] = await themeRepo.dropPersonal(tx, change.actor.id);
        if (dropped) {
          const before = { layoutUiName: dropped.layoutUiName, basicProperties: dropped.basicProperties };
          await log(tx, change, 'PERSONAL_RESET', dropped.id, '恢复默认主题（删除个人主题）', before, undefined);
        }
      });
      return globalDefaultTheme(db);
    },

    // ── shared themes (administration; personal overrides are never listed or edited here) ──

    async query(themeName: string | undefined, page: PageParameter) {
      const result = await themeRepo.page(db, themeName, page);
      return { ...result, list: result.list.map(toShared) };
    },

    getShared: async (id: number) => toShared(await sharedRow(db, id)),

    create: (input: SharedThemeInput, change: ChangeContext) => {
      checkInput(input);
      return withTransaction(db, async (tx) => {
        const fields = { themeName: input.themeName, layoutUiName: input.layoutUiName, basicProperties: storedProperties(input), components: storedComponents(input.components) };
        const row = await themeRepo.insert(tx, fields, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增主题：${row.themeName}`, null, row);
        return toShared(row);
      });
    },

    update: (id: number, lockVersion: number, input: SharedThemeInput, change: ChangeContext) => {
      checkInput(input);
      return withTransaction(db, async (tx) => {
        const before = await sharedRow(tx, id);
        const fields = { themeName: input.themeName, layoutUiName: input.layoutUiName, basicProperties: storedProperties(input), components: storedComponents(input.components, before.components) };
        const after = await themeRepo.update(tx, id, lockVersion, fields, change.actor);
        await log(tx, change, 'UPDATE', id, `修改主题：${after.themeName}`, before, after);
        return toShared(after);
      });
    },

    remove: (id: number, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await sharedRow(tx, id);
        if (before.isDefault) throw errors.badRequest('不能删除全局默认主题，请先把其他主题设为默认');
        await themeRepo.softDelete(tx, id, change.actor);
        await log(tx, change, 'DELETE', id, `删除主题：${before.themeName}`, before, null);
      }),

    /** Exactly one default: the old one is cleared before the new one is set, in one transaction. */
    setGlobalDefault: (id: number, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const target = await sharedRow(tx, id);
        const previous = await themeRepo.globalDefault(tx);
        if (previous?.id !== id) {
          if (previous) await themeRepo.setDefault(tx, previous.id, false, change.actor);
          await themeRepo.setDefault(tx, id, true, change.actor);
        }
        const summary = `设为全局默认主题：${target.themeName}`;
        await log(tx, change, 'UPDATE', id, summary, { defaultThemeId: previous?.id ?? null }, { defaultThemeId: id });
        return toShared(await themeRepo.byId(tx, id));
      }),
  };
}
export type Themes = ReturnType<typeof createThemeService>;

/** What the init call reads of themes; the system facade answers it. */
export interface ThemeReader {
  effective(userId: number): Promise<EffectiveTheme>;
}

// Other areas' modules still import this type from this file; they take the theme as a port from the
// system facade (modules/system/module.ts) instead, and this re-export goes.
export type { ThemeReader as ThemeService };
