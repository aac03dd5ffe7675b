import type { RecordStatus } from '@dandelion/shared';
import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** Console layouts a theme may name (spec §7 /rest/layout/*); layoutUiName must be one the console can render. */
export const sysLayout = pgTable(
  'sys_layout',
  {
    id: idColumn(),
    layoutName: varchar('layout_name', { length: 64 }).notNull(),
    layoutUiName: varchar('layout_ui_name', { length: 64 }).notNull(),
    componentPath: varchar('component_path', { length: 256 }),
    thumbnail: varchar('thumbnail', { length: 512 }),
    status: varchar('status', { length: 16 }).$type<RecordStatus>().notNull().default('NORMAL'),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_layout_ui_name_uq').on(t.layoutUiName).where(sql`del_flag = 0`)],
);

registerUniqueField('sys_layout_ui_name_uq', '布局标识');
