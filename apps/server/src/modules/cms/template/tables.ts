import { sql } from 'drizzle-orm';
import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';
import { registerDuplicateCheck } from '../../../core/duplicateCheck';

/**
 * Portal page templates (spec §3 Template): which front-end component renders a site's index or a
 * catalogue's list/detail. componentName must name a component the portal registers; never code.
 */
export const cmsTemplate = pgTable(
  'cms_template',
  {
    id: idColumn(),
    templateCode: varchar('template_code', { length: 64 }).notNull(),
    templateName: varchar('template_name', { length: 128 }).notNull(),
    /** INDEX, LIST or DETAIL. */
    templateType: varchar('template_type', { length: 16 }).notNull(),
    /** LIST, GRID or TABLE for lists (the content table's bars / grid menu / table modes). */
    templateStyle: varchar('template_style', { length: 32 }),
    componentName: varchar('component_name', { length: 128 }).notNull(),
    componentPath: varchar('component_path', { length: 256 }),
    /** fileId of a preview picture. */
    thumbnail: varchar('thumbnail', { length: 64 }),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('cms_template_code_uq').on(t.templateCode).where(sql`del_flag = 0`)],
);

registerUniqueField('cms_template_code_uq', '模板编码');

/** What /rest/common/checkDuplicate may be asked about this entity. */
registerDuplicateCheck('cmsTemplate', { templateCode: { table: cmsTemplate, column: cmsTemplate.templateCode, label: '模板编码' } }, ['cms_template']);
