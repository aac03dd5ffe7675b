import { customType, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Cropped avatar images, content-addressed by SHA-256. The user row points at
 * /rest/user/avatar/<hash>; the hash is unguessable, so <img> can load it without a token.
 */
export const sysAvatar = pgTable('sys_avatar', {
  hash: varchar('hash', { length: 64 }).primaryKey(),
  mime: varchar('mime', { length: 32 }).notNull(),
  content: bytea('content').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
});
