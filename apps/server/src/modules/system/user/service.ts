import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { sysUser } from './schema';

export type UserRow = typeof sysUser.$inferSelect;
export const USER_STATUS = { NORMAL: 'NORMAL', FROZEN: 'FROZEN' } as const;

/** Account lookups other modules need; the full user administration arrives with the system issue. */
export function createUserService({ db }: { db: Executor }) {
  return {
    /** By username (case-insensitive) or by bound phone: spec §1 allows both to sign in with a password. */
    async findByLoginName(loginName: string): Promise<UserRow | null> {
      const name = loginName.trim();
      const rows = await db
        .select()
        .from(sysUser)
        .where(and(or(sql`lower(${sysUser.username}) = ${name.toLowerCase()}`, eq(sysUser.phone, name)), notDeleted(sysUser)))
        .limit(2);
      // A username equal to someone else's phone is ambiguous: the username wins.
      return rows.find((u) => u.username.toLowerCase() === name.toLowerCase()) ?? rows[0] ?? null;
    },
    async findById(id: number): Promise<UserRow | null> {
      const rows = await db.select().from(sysUser).where(and(eq(sysUser.id, id), notDeleted(sysUser))).limit(1);
      return rows[0] ?? null;
    },
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.update(sysUser).set({ passwordHash }).where(eq(sysUser.id, id));
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
