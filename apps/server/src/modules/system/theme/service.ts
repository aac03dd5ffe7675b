import { and, asc, count, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import {
  CONSOLE_LAYOUTS,
  DEFAULT_CONSOLE_LAYOUT,
  THEME_BASIC_PROPERTIES,
  THEME_COMPONENTS,
  themeValueProblem,
  type PageParameter,
} from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import type { ChangeContext } from '../role/service';
import { sysTheme, type ThemeComponent, type ThemeProperty } from './schema';
import { likePattern } from '../../../core/sql';

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

export interface SharedThemeInput extends PersonalThemeInput {
  themeName: string;
}
export type ThemeRow = typeof sysTheme.$inferSelect;
const MODULE = 'system:theme';

/** Only the values are stored; names, types and options come from the catalogue when read. */
const storedProperties = (input: PersonalThemeInput) => completeProperties(input.basicProperties).map(({ uiName, value }) => ({ uiName, value }) as ThemeProperty);

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

  function toShared(row: ThemeRow) {
    return { ...toEffective(row, false), isDefault: row.isDefault, lockVersion: row.lockVersion, createTime: row.createTime, createBy: row.createBy, updateTime: row.updateTime, updateBy: row.updateBy };
  }

  async function sharedRow(id: number, ex: Executor = db): Promise<ThemeRow> {
    const [row] = await ex.select().from(sysTheme).where(and(eq(sysTheme.id, id), isNull(sysTheme.ownerUserId), notDeleted(sysTheme)));
    if (!row) throw errors.notFound('主题');
    return row;
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
    async savePersonal(change: ChangeContext, input: PersonalThemeInput): Promise<EffectiveTheme> {
      const { actor } = change;
      checkPersonalInput(input);
      const values = {
        themeName: '个人主题',
        layoutUiName: input.layoutUiName,
        basicProperties: storedProperties(input),
        components: builtInComponents(),
      };
      const row = await withTransaction(db, async (tx) => {
        const [saved] = await tx
          .insert(sysTheme)
          .values({ ...values, ownerUserId: actor.id, ...createdBy(actor) })
          .onConflictDoUpdate({
            target: sysTheme.ownerUserId,
            targetWhere: sql`del_flag = 0 and owner_user_id is not null`,
            set: { ...values, ...updatedBy(actor, sysTheme) },
          })
          .returning();
        await recordOperation(tx, {
          ...change, module: MODULE, action: 'PERSONAL_SAVE', entityId: saved!.id, summary: '保存个人主题',
          after: { layoutUiName: values.layoutUiName, basicProperties: values.basicProperties },
        });
        return saved!;
      });
      return toEffective(row, true);
    },

    /** Drops the caller's override: the global default applies again. */
    async resetPersonal(change: ChangeContext): Promise<EffectiveTheme> {
      await withTransaction(db, async (tx) => {
        const dropped = await tx.delete(sysTheme).where(eq(sysTheme.ownerUserId, change.actor.id)).returning();
        if (dropped.length) {
          await recordOperation(tx, {
            ...change, module: MODULE, action: 'PERSONAL_RESET', entityId: dropped[0]!.id, summary: '恢复默认主题（删除个人主题）',
            before: { layoutUiName: dropped[0]!.layoutUiName, basicProperties: dropped[0]!.basicProperties },
          });
        }
      });
      return globalDefault();
    },

    // ── shared themes (administration; personal overrides are never listed or edited here) ──

    async query(q: { pageParameter: PageParameter; themeName?: string }) {
      const where = and(live, isNull(sysTheme.ownerUserId), q.themeName ? ilike(sysTheme.themeName, likePattern(q.themeName)) : undefined);
      return paginate(
        q.pageParameter,
        async (limit, offset) => (await db.select().from(sysTheme).where(where).orderBy(desc(sysTheme.isDefault), asc(sysTheme.id)).limit(limit).offset(offset)).map(toShared),
        async () => Number((await db.select({ n: count() }).from(sysTheme).where(where))[0]?.n ?? 0),
      );
    },

    async getShared(id: number) {
      return toShared(await sharedRow(id));
    },

    async create(input: SharedThemeInput, change: ChangeContext) {
      checkPersonalInput(input);
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(sysTheme)
          .values({ themeName: input.themeName, layoutUiName: input.layoutUiName, basicProperties: storedProperties(input), components: builtInComponents(), ...createdBy(change.actor) })
          .returning();
        await recordOperation(tx, { module: MODULE, action: 'CREATE', entityId: row!.id, summary: `新增主题：${row!.themeName}`, before: null, after: row, ...change });
        return toShared(row!);
      });
    },

    async update(id: number, lockVersion: number, input: SharedThemeInput, change: ChangeContext) {
      checkPersonalInput(input);
      return withTransaction(db, async (tx) => {
        const before = await sharedRow(id, tx);
        const after = await updateVersioned(tx, sysTheme, id, lockVersion, { themeName: input.themeName, layoutUiName: input.layoutUiName, basicProperties: storedProperties(input) }, change.actor, '主题');
        await recordOperation(tx, { module: MODULE, action: 'UPDATE', entityId: id, summary: `修改主题：${after.themeName}`, before, after, ...change });
        return toShared(after);
      });
    },

    async remove(id: number, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await sharedRow(id, tx);
        if (before.isDefault) throw errors.badRequest('不能删除全局默认主题，请先把其他主题设为默认');
        await softDelete(tx, sysTheme, id, undefined, change.actor, '主题');
        await recordOperation(tx, { module: MODULE, action: 'DELETE', entityId: id, summary: `删除主题：${before.themeName}`, before, after: null, ...change });
      });
    },

    /** Exactly one default: the old one is cleared before the new one is set, in one transaction. */
    async setGlobalDefault(id: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const target = await sharedRow(id, tx);
        const [previous] = await tx.select().from(sysTheme).where(and(eq(sysTheme.isDefault, true), live));
        if (previous?.id !== id) {
          if (previous) await tx.update(sysTheme).set({ isDefault: false, ...updatedBy(change.actor, sysTheme) }).where(eq(sysTheme.id, previous.id));
          await tx.update(sysTheme).set({ isDefault: true, ...updatedBy(change.actor, sysTheme) }).where(eq(sysTheme.id, id));
        }
        await recordOperation(tx, { module: MODULE, action: 'UPDATE', entityId: id, summary: `设为全局默认主题：${target.themeName}`, before: { defaultThemeId: previous?.id ?? null }, after: { defaultThemeId: id }, ...change });
        return toShared((await tx.select().from(sysTheme).where(eq(sysTheme.id, id)))[0]!);
      });
    },
  };
}
export type ThemeService = ReturnType<typeof createThemeService>;
