import type { PurchaseKind, PurchaseStatus } from '@dandelion/shared/award/achievement';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from '../../../core/records';

/**
 * Purchase intentions (合作意向) sent from the portal's /showDetail page (`/rest/purchase/addPurchase`).
 * The achievement's title and completing unit are copied when the intention arrives: the console list
 * is scoped by the unit and reads no declaration, and a later change of the declaration does not
 * move intentions between units.
 */
export const awardPurchase = pgTable(
  'award_purchase',
  {
    id: idColumn(),
    declarationId: bigint('declaration_id', { mode: 'number' }).notNull(),
    achievementTitle: varchar('achievement_title', { length: 500 }).notNull(),
    unitOrgId: bigint('unit_org_id', { mode: 'number' }),
    unitOrgName: varchar('unit_org_name', { length: 200 }),
    kind: varchar('kind', { length: 16 }).$type<PurchaseKind>().notNull(),
    organisation: varchar('organisation', { length: 128 }).notNull(),
    contactName: varchar('contact_name', { length: 64 }).notNull(),
    phone: varchar('phone', { length: 16 }),
    email: varchar('email', { length: 128 }),
    message: varchar('message', { length: 1000 }).notNull(),
    status: varchar('status', { length: 16 }).$type<PurchaseStatus>().notNull().default('NEW'),
    ip: varchar('ip', { length: 64 }),
    ...auditColumns,
  },
  (t) => [
    index('award_purchase_unit_idx').on(t.unitOrgId, t.createTime).where(sql`del_flag = 0`),
    index('award_purchase_status_idx').on(t.status, t.createTime).where(sql`del_flag = 0`),
  ],
);
