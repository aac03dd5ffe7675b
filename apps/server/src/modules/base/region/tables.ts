import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Regions: China's provinces (level 1), cities (2) and counties (3), keyed by the
 * six-digit administrative code, seeded from @vant/area-data.
 */
export const baseRegion = pgTable(
  'base_region',
  {
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    regionCode: varchar('region_code', { length: 12 }).notNull(),
    regionName: varchar('region_name', { length: 64 }).notNull(),
    /** 1 province, 2 city, 3 county. */
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_region_code_uq').on(t.regionCode).where(sql`del_flag = 0`), index('base_region_parent_idx').on(t.parentId)],
);

/** A named set of regions (华东地区, 试点城市 …) used to limit where something applies. */
export const baseRegionGroup = pgTable(
  'base_region_group',
  {
    id: idColumn(),
    groupCode: varchar('group_code', { length: 64 }).notNull(),
    groupName: varchar('group_name', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
    remark: varchar('remark', { length: 512 }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_region_group_code_uq').on(t.groupCode).where(sql`del_flag = 0`)],
);

export const baseRegionGroupMember = pgTable(
  'base_region_group_member',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    regionId: bigint('region_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.regionId] }), index('base_region_group_member_region_idx').on(t.regionId)],
);

registerUniqueField('base_region_code_uq', '区划代码');
registerUniqueField('base_region_group_code_uq', '分组编码');
