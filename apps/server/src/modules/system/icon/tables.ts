import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** Custom menu icons (spec §3 customIcons: iconId, name, pathContent): sanitised SVG path data only. */
export const sysIcon = pgTable(
  'sys_icon',
  {
    id: idColumn(),
    iconName: varchar('icon_name', { length: 64 }).notNull(),
    /** The d attributes of the SVG's paths and its viewBox, never markup a browser could run. */
    pathContent: text('path_content').notNull(),
    viewBox: varchar('view_box', { length: 64 }).notNull().default('0 0 1024 1024'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_icon_name_uq').on(t.iconName).where(sql`del_flag = 0`)],
);

registerUniqueField('sys_icon_name_uq', '图标名称');
