import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { registerUniqueField } from '../../../core/dbErrors';
import { auditColumns, idColumn } from '../../../core/records';

/** Portal sites (spec §3 CMS site). siteStatus '2' is online. */
export const cmsSite = pgTable(
  'cms_site',
  {
    id: idColumn(),
    siteCode: varchar('site_code', { length: 64 }).notNull(),
    siteName: varchar('site_name', { length: 128 }).notNull(),
    displayName: varchar('display_name', { length: 128 }).notNull(),
    siteStatus: varchar('site_status', { length: 8 }).notNull().default('2'),
    themeId: bigint('theme_id', { mode: 'number' }),
    portalId: bigint('portal_id', { mode: 'number' }),
    /** The site the portal shows when a call names none. */
    isDefault: boolean('is_default').notNull().default(false),
    /** fileId of the logo shown in the portal header (a public file once the site is online). */
    logoFileId: varchar('logo_file_id', { length: 64 }),
    domain: varchar('domain', { length: 256 }),
    description: varchar('description', { length: 512 }),
    /** Footer lines: copyright, ICP licence, organiser, contact. */
    copyright: varchar('copyright', { length: 256 }),
    icp: varchar('icp', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 64 }),
    contactAddress: varchar('contact_address', { length: 256 }),
    /** 主办单位, 联系邮箱, 公安备案号 and 网站标识码 of a government portal's footer; an empty one is not shown. */
    organizer: varchar('organizer', { length: 128 }),
    contactEmail: varchar('contact_email', { length: 128 }),
    policeRecord: varchar('police_record', { length: 64 }),
    siteIdentCode: varchar('site_ident_code', { length: 32 }),
    /** The texts a registering user agrees to (plain text); the registration page shows them. */
    userAgreement: text('user_agreement'),
    privacyPolicy: text('privacy_policy'),
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
  },
  (t) => [uniqueIndex('cms_site_code_uq').on(t.siteCode).where(sql`del_flag = 0`)],
);

registerUniqueField('cms_site_code_uq', '站点编码');
