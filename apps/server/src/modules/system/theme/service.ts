import { and, eq, sql } from 'drizzle-orm';
import {
  CONSOLE_LAYOUTS,
  DEFAULT_CONSOLE_LAYOUT,
  THEME_BASIC_PROPERTIES,
  THEME_COMPONENTS,
  themeValueProblem,
} from '@dandelion/shared';
import type { Db } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, updatedBy, type Actor } from '../../../core/records';
import { sysTheme, type ThemeComponent, type ThemeProperty } from './schema';

/** The theme the console applies (spec §3 Theme), with every catalogue property present. */
export interface EffectiveTheme {
  themeId: number | null;
  themeName: string;
  layoutUiName: string;
  basicProperties: ThemeProperty[];
  components: ThemeComponent[];
  personal: boolean;
}

export interface PersonalThemeInput {
  layoutUiName: string;
  basicProperties: Array<{ uiName: string; value: string | boolean | null }>;
}

export const BUILT_IN_THEME_NAME = '默认主题';

/** Catalogue order and metadata, with the stored values laid over the defaults. */
export function completeProperties(stored: ReadonlyArray<Pick<ThemeProperty, 'uiName' | 'value'>>): ThemeProperty[] {
  const byName = new Map(stored.map((p) => [p.uiName, p.value]));
  return THEME_BASIC_PROPERTIES.map((d) => ({
    uiName: d.uiName,
    displayName: d.displayName,
    inputType: d.inputType,
    valueType: d.valueType,
    defaultValue: d.defaultValue,
    value: byName.has(d.uiName) ? (byName.get(d.uiName) ?? null) : d.defaultValue,
    ...(d.valueOption ? { valueOption: [...d.valueOption] } : {}),
  }));
}

export function builtInComponents(): ThemeComponent[] {
  return THEME_COMPONENTS.map((c) => ({ uiName: c.uiName, displayName: c.displayName, properties: [] }));
}

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
function checkPersonalInput(input: PersonalThemeInput) {
  if (!CONSOLE_LAYOUTS.some((l) => l.value === input.layoutUiName)) throw errors.badRequest(`不支持的布局：${input.layoutUiName}`);
  for (const p of input.basicProperties) {
    const problem = themeValueProblem(p.uiName, p.value);
    if (problem) throw errors.badRequest(problem);
  }
}

/** Console themes: the shared global default and each user's personal override. */
export function createThemeService({ db }: { db: Db }) {
  const live = sql`${sysTheme.delFlag} = 0`;

  function toEffective(row: typeof sysTheme.$inferSelect, personal: boolean): EffectiveTheme {
    return {
      themeId: row.id,
      themeName: row.themeName,
      layoutUiName: row.layoutUiName,
      basicProperties: completeProperties(row.basicProperties),
      components: row.components.length ? row.components : builtInComponents(),
      personal,
    };
  }

  async function globalDefault(): Promise<EffectiveTheme> {
    const [row] = await db.select().from(sysTheme).where(and(eq(sysTheme.isDefault, true), live)).limit(1);
    return row ? toEffective(row, false) : { themeId: null, ...builtInTheme(), personal: false };
  }

  return {
    globalDefault,

    /** The user's own override when they saved one, else the global default. */
    async effective(userId: number): Promise<EffectiveTheme> {
      const [own] = await db.select().from(sysTheme).where(and(eq(sysTheme.ownerUserId, userId), live)).limit(1);
      return own ? toEffective(own, true) : globalDefault();
    },

    /** Saves the caller's override (one per user; a second save replaces the first). */
    async savePersonal(actor: Actor, input: PersonalThemeInput): Promise<EffectiveTheme> {
      checkPersonalInput(input);
      const values = {
        themeName: '个人主题',
        layoutUiName: input.layoutUiName,
        basicProperties: completeProperties(input.basicProperties).map(({ uiName, value }) => ({ uiName, value }) as ThemeProperty),
        components: builtInComponents(),
      };
      const [row] = await db
        .insert(sysTheme)
        .values({ ...values, ownerUserId: actor.id, ...createdBy(actor) })
        .onConflictDoUpdate({
          target: sysTheme.ownerUserId,
          targetWhere: sql`del_flag = 0 and owner_user_id is not null`,
          set: { ...values, ...updatedBy(actor, sysTheme) },
        })
        .returning();
      return toEffective(row!, true);
    },

    /** Drops the caller's override: the global default applies again. */
    async resetPersonal(userId: number): Promise<EffectiveTheme> {
      await db.delete(sysTheme).where(eq(sysTheme.ownerUserId, userId));
      return globalDefault();
    },
  };
}
export type ThemeService = ReturnType<typeof createThemeService>;
