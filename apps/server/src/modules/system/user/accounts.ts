import { isEmail, isMobileStrict } from '@dandelion/shared';
import { USER_STATUS } from '@dandelion/shared/system/user';
import type { Executor } from '../../../core/db';
import type { Actor } from '../../../core/records';
import { roleDirectory } from '../role/module';
import { userRepo, type NewUser, type UserRow } from './repo';

/**
 * Accounts as sign-in, registration, single sign-on and the personal centre use them. Each function
 * takes the executor first, so it runs in the caller's transaction when there is one.
 */

/** By username (case-insensitive) or by bound phone: spec §1 allows both to sign in with a password. */
export async function findUserByLoginName(ex: Executor, loginName: string): Promise<UserRow | null> {
  const name = loginName.trim();
  const rows = await userRepo.byLoginName(ex, name);
  // A username equal to someone else's phone is ambiguous: the username wins.
  return rows.find((u) => u.username.toLowerCase() === name.toLowerCase()) ?? rows[0] ?? null;
}

/** The live account with this id. */
export const findUserById = (ex: Executor, id: number) => userRepo.findLive(ex, id);

export const setUserPasswordHash = (ex: Executor, id: number, passwordHash: string) => userRepo.setPasswordHash(ex, id, passwordHash);

/** Exact username lookup (case-insensitive), without the phone fallback of findUserByLoginName. */
export const findUserByUsername = (ex: Executor, username: string) => userRepo.findByUsername(ex, username);

/** The active account bound to a phone number. */
export const findUserByPhone = (ex: Executor, phone: string) => userRepo.findByPhone(ex, phone);

/** The active account bound to an email address (case-insensitive). */
export const findUserByEmail = (ex: Executor, email: string) => userRepo.findByEmail(ex, email);

/** Grants roles by code to a new account; answers how many of the codes exist (unknown codes are skipped). */
async function grantRolesByCode(ex: Executor, userId: number, roleCodes: string[]): Promise<number> {
  const roleIds = await roleDirectory.idsByCode(ex, roleCodes);
  await userRepo.grantRoles(ex, userId, roleIds);
  return roleIds.length;
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
  const user = await userRepo.insert(
    ex,
    {
      username: input.username,
      passwordHash: null,
      realname: input.realname?.trim().slice(0, 64) || null,
      email: email && (await userRepo.taken(ex, 'email', email)) ? null : email,
      phone: phone && (await userRepo.taken(ex, 'phone', phone)) ? null : phone,
      userType: 'CLIENT',
      status: USER_STATUS.NORMAL,
    },
    actor,
  );
  await grantRolesByCode(ex, user.id, input.roleCodes);
  return user;
}

/**
 * A self-registered portal account (userType CLIENT) with the given roles by code, in one transaction
 * when `ex` is one. Unique indexes on username, phone and email stay the last word on duplicates.
 */
export async function createRegisteredUser(
  ex: Executor,
  input: Pick<NewUser, 'username' | 'passwordHash' | 'realname' | 'phone' | 'email' | 'idType' | 'idNumber' | 'unitName' | 'unitCode'>,
  roleCodes: string[],
  actor: Actor | null = null,
): Promise<UserRow> {
  const user = await userRepo.insert(ex, { ...input, userType: 'CLIENT', status: USER_STATUS.NORMAL }, actor);
  // A self-registered account without its role could not use the portal: fail the whole transaction.
  if ((await grantRolesByCode(ex, user.id, roleCodes)) !== roleCodes.length) throw new Error(`roles missing: ${roleCodes.join(',')}`);
  return user;
}

/**
 * Changes account fields the owner or an administrator sets outside the edit form (password, phone,
 * email, verified identity), with the audit fields; the lock version moves so a form opened before fails with 409.
 */
export function updateUserFields(
  ex: Executor,
  id: number,
  values: Partial<
    Pick<NewUser, 'passwordHash' | 'phone' | 'email' | 'realname' | 'nickName' | 'userSex' | 'avatar' | 'idType' | 'idNumber' | 'identityVerified' | 'identityVerifiedAt'>
  >,
  actor: Actor | null,
): Promise<UserRow | null> {
  return userRepo.set(ex, id, values, actor, true);
}

/** The account lookups sign-in and sessions make, over one database. */
export function createUserAccounts(db: Executor) {
  return {
    findByLoginName: (loginName: string) => findUserByLoginName(db, loginName),
    findById: (id: number) => findUserById(db, id),
    setPasswordHash: (id: number, passwordHash: string) => setUserPasswordHash(db, id, passwordHash),
  };
}
export type UserAccounts = ReturnType<typeof createUserAccounts>;
