import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { isEmail, isMobileStrict } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted, updatedBy, type Actor } from '../../../core/records';
import { sysRole } from '../role/schema';
import { sysUser, sysUserRole } from './schema';

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

/** Grants roles by code to a new account; answers how many of the codes exist (unknown codes are skipped). */
async function grantRolesByCode(ex: Executor, userId: number, roleCodes: string[]): Promise<number> {
  if (!roleCodes.length) return 0;
  const roles = await ex.select({ id: sysRole.id }).from(sysRole).where(and(inArray(sysRole.roleCode, roleCodes), notDeleted(sysRole)));
  if (roles.length) await ex.insert(sysUserRole).values(roles.map((r) => ({ userId, roleId: r.id })));
  return roles.length;
}

/** Exact username lookup (case-insensitive), without the phone fallback of findByLoginName. */
export async function findUserByUsername(ex: Executor, username: string): Promise<UserRow | null> {
  const rows = await ex
    .select()
    .from(sysUser)
    .where(and(sql`lower(${sysUser.username}) = ${username.trim().toLowerCase()}`, notDeleted(sysUser)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A portal account created on first sign-in through single sign-on or a third-party provider:
 * no password (it signs in through the provider), userType CLIENT, the given roles by code.
 * Email and phone are kept only when well-formed and not yet bound to another account.
 * Run it inside the caller's transaction together with whatever links the external identity.
 */
export async function createExternalUser(
  ex: Executor,
  input: { username: string; realname?: string | null; email?: string | null; phone?: string | null; roleCodes: string[] },
  actor: Actor | null = null,
): Promise<UserRow> {
  const email = input.email && isEmail(input.email) && input.email.length <= 128 ? input.email : null;
  const phone = input.phone && isMobileStrict(input.phone) ? input.phone : null;
  const taken = async (column: 'email' | 'phone', value: string | null) =>
    !!value &&
    (await ex
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(column === 'email' ? sql`lower(${sysUser.email}) = ${value.toLowerCase()}` : eq(sysUser.phone, value), notDeleted(sysUser)))
      .limit(1)).length > 0;
  const [user] = await ex
    .insert(sysUser)
    .values({
      username: input.username,
      passwordHash: null,
      realname: input.realname?.trim().slice(0, 64) || null,
      email: (await taken('email', email)) ? null : email,
      phone: (await taken('phone', phone)) ? null : phone,
      userType: 'CLIENT',
      status: USER_STATUS.NORMAL,
      ...createdBy(actor),
    })
    .returning();
  await grantRolesByCode(ex, user!.id, input.roleCodes);
  return user!;
}

/** The active account bound to a phone number. */
export async function findUserByPhone(ex: Executor, phone: string): Promise<UserRow | null> {
  const rows = await ex.select().from(sysUser).where(and(eq(sysUser.phone, phone.trim()), notDeleted(sysUser))).limit(1);
  return rows[0] ?? null;
}

/** The active account bound to an email address (case-insensitive). */
export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | null> {
  const rows = await ex
    .select()
    .from(sysUser)
    .where(and(sql`lower(${sysUser.email}) = ${email.trim().toLowerCase()}`, notDeleted(sysUser)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A self-registered portal account (userType CLIENT) with the given roles by code, in one transaction
 * when `ex` is one. Unique indexes on username, phone and email stay the last word on duplicates.
 */
export async function createRegisteredUser(
  ex: Executor,
  input: Pick<typeof sysUser.$inferInsert, 'username' | 'passwordHash' | 'realname' | 'phone' | 'email' | 'idType' | 'idNumber' | 'unitName' | 'unitCode'>,
  roleCodes: string[],
  actor: Actor | null = null,
): Promise<UserRow> {
  const [user] = await ex
    .insert(sysUser)
    .values({ ...input, userType: 'CLIENT', status: USER_STATUS.NORMAL, ...createdBy(actor) })
    .returning();
  // A self-registered account without its role could not use the portal: fail the whole transaction.
  if ((await grantRolesByCode(ex, user!.id, roleCodes)) !== roleCodes.length) throw new Error(`roles missing: ${roleCodes.join(',')}`);
  return user!;
}

/**
 * Changes account fields the owner or an administrator sets outside the edit form (password, phone,
 * email, verified identity), with the audit fields; the lock version moves so a form opened before fails with 409.
 */
export async function updateUserFields(
  ex: Executor,
  id: number,
  values: Partial<
    Pick<typeof sysUser.$inferInsert, 'passwordHash' | 'phone' | 'email' | 'realname' | 'nickName' | 'userSex' | 'avatar' | 'idType' | 'idNumber' | 'identityVerified' | 'identityVerifiedAt'>
  >,
  actor: Actor | null,
): Promise<UserRow | null> {
  const [row] = await ex
    .update(sysUser)
    .set({ ...values, ...updatedBy(actor, sysUser) })
    .where(and(eq(sysUser.id, id), notDeleted(sysUser)))
    .returning();
  return row ?? null;
}
