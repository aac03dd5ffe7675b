import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ThemeComponent, ThemeProperty } from '@dandelion/shared/system/theme';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Console themes (spec §3). A shared theme has no owner; exactly one shared theme is the global
 * default. A user's personal override is a theme row owned by that user (at most one each).
 */
export const sysTheme = pgTable(
  'sys_theme',
  {
    id: idColumn(),
    themeName: varchar('theme_name', { length: 64 }).notNull(),
    layoutUiName: varchar('layout_ui_name', { length: 64 }).notNull(),
    basicProperties: jsonb('basic_properties').$type<ThemeProperty[]>().notNull().default([]),
    components: jsonb('components').$type<ThemeComponent[]>().notNull().default([]),
    isDefault: boolean('is_default').notNull().default(false),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('sys_theme_owner_uq').on(t.ownerUserId).where(sql`del_flag = 0 and owner_user_id is not null`),
    uniqueIndex('sys_theme_default_uq').on(t.isDefault).where(sql`del_flag = 0 and is_default`),
  ],
);
