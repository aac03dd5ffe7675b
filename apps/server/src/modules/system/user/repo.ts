import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { dataScopeCondition, type EffectiveDataScope } from '../../../core/dataScope';
import { countOrEstimate, countWhere, paginate, plannedRows } from '../../../core/pagination';
import { createdBy, DEL_FLAG, notDeleted, updatedBy, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { orgNameView, orgSubtreeIds } from '../org/module';
import { roleNameView } from '../role/module';
import { sysUser, sysUserRole, userCharacters } from './tables';

export type UserRow = typeof sysUser.$inferSelect;
export type NewUser = typeof sysUser.$inferInsert;

/** Filters of the user list, shared by the paged list and the Excel export so both show the same rows. */
export interface UserFilter {
  /** Only these users (the lookup by userIds). */
  ids?: number[];
  realname?: string;
  username?: string;
  phone?: string;
  keyword?: string;
  orgId?: number;
  includeChildOrgs?: boolean;
  status?: string;
  roleId?: number;
  empStatus?: string;
  userType?: string;
}

export interface RoleRef {
  roleId: number;
  roleCode: string;
  roleName: string;
}

/** The values unique among live accounts (username and email compared case-insensitively). */
export type UniqueField = 'username' | 'phone' | 'email' | 'empCode';

const sameAs: Record<UniqueField, (value: string) => SQL> = {
  username: (v) => sql`lower(${sysUser.username}) = lower(${v})`,
  phone: (v) => sql`${sysUser.phone} = ${v}`,
  email: (v) => sql`lower(${sysUser.email}) = lower(${v})`,
  empCode: (v) => sql`${sysUser.empCode} = ${v}`,
};

/** One or two Han characters or digits: no trigram, and matched with LIKE (core/sql's containing), case and all. */
const SHORT_CASELESS = /^[\p{Script=Han}0-9]{1,2}$/u;

/**
 * For a "contains" filter of one or two Han characters (李, 王伟), which no trigram index serves: the accounts
 * whose name, username, phone or employee number hold every character of the text, found in
 * sys_user_chars_idx (the same expression, userCharacters). Every account the LIKE matches holds them, so
 * the LIKE beside it keeps the answer exactly what it was; it is tested on a few hundred accounts instead
 * of all of them. Undefined for other text (three characters or more go through the trigram indexes).
 */
function holdingCharacters(text: string): SQL | undefined {
  return SHORT_CASELESS.test(text) ? sql`${userCharacters(sysUser)} @> regexp_split_to_array(${text}::text, '')` : undefined;
}

/**
 * Accounts of an organisation and its subtree. The subtree's ids are gathered once (`= any(array(…))`, the same
 * rows as `in (…)`): as a semi-join, the page's walk of the list's order looked each account's organisation up
 * (2 355 lookups for ten rows of a branch: 7–10 ms, 1 ms this way); the count reads sys_user_org_del_idx alone.
 */
const inSubtree = (orgId: number) => sql`${sysUser.orgId} = any(array(${orgSubtreeIds(orgId)}))`;

/** WHERE for a user list: the filters, the caller's data scope, and live (or recycled) rows. */
export function userListCondition(filter: UserFilter, scope: EffectiveDataScope, deleted = false): SQL | undefined {
  const parts: Array<SQL | undefined> = [
    eq(sysUser.delFlag, deleted ? DEL_FLAG.DELETED : DEL_FLAG.ACTIVE),
    dataScopeCondition(scope, { orgId: sysUser.orgId, ownerId: sysUser.createById }, orgSubtreeIds),
  ];
  if (filter.ids) parts.push(inArray(sysUser.id, filter.ids));
  if (filter.realname) parts.push(holdingCharacters(filter.realname), containing(sysUser.realname, filter.realname));
  if (filter.username) parts.push(holdingCharacters(filter.username), containing(sysUser.username, filter.username));
  if (filter.phone) parts.push(holdingCharacters(filter.phone), containing(sysUser.phone, filter.phone));
  if (filter.keyword) {
    const k = filter.keyword;
    parts.push(holdingCharacters(k), or(containing(sysUser.username, k), containing(sysUser.realname, k), containing(sysUser.phone, k), containing(sysUser.empCode, k)));
  }
  if (filter.orgId !== undefined) parts.push(filter.includeChildOrgs ? inSubtree(filter.orgId) : eq(sysUser.orgId, filter.orgId));
  if (filter.status) parts.push(eq(sysUser.status, filter.status));
  if (filter.empStatus) parts.push(eq(sysUser.empStatus, filter.empStatus));
  if (filter.userType) parts.push(eq(sysUser.userType, filter.userType));
  if (filter.roleId !== undefined) {
    parts.push(sql`exists (select 1 from ${sysUserRole} where ${sysUserRole.userId} = ${sysUser.id} and ${sysUserRole.roleId} = ${filter.roleId})`);
  }
  return and(...parts);
}

const listColumns = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  nickName: sysUser.nickName,
  phone: sysUser.phone,
  email: sysUser.email,
  orgId: sysUser.orgId,
  orgName: orgNameView.orgName,
  userType: sysUser.userType,
  userSex: sysUser.userSex,
  status: sysUser.status,
  enableUser: sysUser.enableUser,
  empCode: sysUser.empCode,
  empStatus: sysUser.empStatus,
  inDate: sysUser.inDate,
  outDate: sysUser.outDate,
  sort: sysUser.sort,
  createTime: sysUser.createTime,
  createBy: sysUser.createBy,
  createById: sysUser.createById,
  updateTime: sysUser.updateTime,
  updateBy: sysUser.updateBy,
  updateById: sysUser.updateById,
  delFlag: sysUser.delFlag,
  lockVersion: sysUser.lockVersion,
};

const cardColumns = { id: sysUser.id, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone, status: sysUser.status, orgId: sysUser.orgId };
const holderColumns = { id: sysUser.id, username: sysUser.username, realname: sysUser.realname, phone: sysUser.phone, status: sysUser.status };

/** Roles of many users in one query (a list must not ask once per row). */
async function rolesOfUsers(ex: Executor, userIds: number[]): Promise<Map<number, RoleRef[]>> {
  const map = new Map<number, RoleRef[]>();
  if (!userIds.length) return map;
  const rows = await ex
    .select({ userId: sysUserRole.userId, roleId: roleNameView.id, roleCode: roleNameView.roleCode, roleName: roleNameView.roleName })
    .from(sysUserRole)
    .innerJoin(roleNameView, eq(roleNameView.id, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, userIds), eq(roleNameView.live, true)))
    .orderBy(asc(roleNameView.sort), asc(roleNameView.id));
  for (const { userId, ...role } of rows) map.set(userId, [...(map.get(userId) ?? []), role]);
  return map;
}

const byLowerName = (name: string) => sql`lower(${sysUser.username}) = ${name.trim().toLowerCase()}`;
const byLowerEmail = (email: string) => sql`lower(${sysUser.email}) = ${email.trim().toLowerCase()}`;

async function first(ex: Executor, where: SQL | undefined): Promise<UserRow | null> {
  const rows = await ex.select().from(sysUser).where(where).limit(1);
  return rows[0] ?? null;
}

/**
 * At most this many estimated matches, a page is taken from the matches rather than by walking the list's
 * order. The planner walks sys_user_list_idx and filters whenever it expects ten matches early in the walk;
 * but matches bunch together (phone numbers of one batch, accounts made on one day), and a text filter
 * evaluated row by row in that walk read 25 000–45 000 accounts for ten. Found first (through a trigram
 * index, or in one scan), a few thousand rows sort in a millisecond.
 */
export const FEW_MATCHES = 2_000;

const listOrder = [asc(sysUser.sort), desc(sysUser.createTime), desc(sysUser.id)];
/** The same order (sort is a non-null integer) in a form no index supplies: the planner finds the matches first. */
const matchesFirstOrder = [sql`${sysUser.sort} + 0`, desc(sysUser.createTime), desc(sysUser.id)];

async function withRoles<T extends { id: number }>(ex: Executor, rows: T[]) {
  const roles = await rolesOfUsers(ex, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, userId: r.id, roles: roles.get(r.id) ?? [] }));
}

/** The rows of one page (or of an export), by sort then newest first, with organisation names and roles. */
async function listUsers(ex: Executor, where: SQL | undefined, limit: number, offset: number) {
  const rows = await ex
    .select(listColumns)
    .from(sysUser)
    .leftJoin(orgNameView, eq(orgNameView.id, sysUser.orgId))
    .where(where)
    .orderBy(...listOrder)
    .limit(limit)
    .offset(offset);
  return withRoles(ex, rows);
}

/**
 * A page of a filter expected to match at most FEW_MATCHES accounts, and its total, from one pass over the
 * matches (`count(*) over ()`): a one- or two-character name has no trigram and is tested on every account,
 * once instead of twice. The total is exact.
 */
async function fewMatchesPage(ex: Executor, where: SQL | undefined, page: PageParameter, planned: number) {
  const offset = (page.pageNum - 1) * page.pageSize;
  // The page's ids and the total over the narrow matches; the columns and organisation names of its rows only.
  const matched = ex
    .select({ id: sysUser.id, matches: sql<number>`count(*) over ()`.as('matches') })
    .from(sysUser)
    .where(where)
    .orderBy(...matchesFirstOrder)
    .limit(page.pageSize)
    .offset(offset)
    .as('matched');
  const found = await ex
    .select({ row: listColumns, matches: matched.matches })
    .from(matched)
    .innerJoin(sysUser, eq(sysUser.id, matched.id))
    .leftJoin(orgNameView, eq(orgNameView.id, sysUser.orgId))
    .orderBy(...matchesFirstOrder);
  // A page past the last match has no row to carry the total.
  const counted = found.length ? { total: Number(found[0]!.matches), totalEstimated: false } : offset ? await countOrEstimate(ex, sysUser, where, planned) : { total: 0, totalEstimated: false };
  return { list: await withRoles(ex, found.map((f) => f.row)), ...counted, pageNum: page.pageNum, pageSize: page.pageSize };
}

/** Every query of accounts and of the roles they hold; each takes the executor first. */
export const userRepo = {
  list: listUsers,

  /** One user as a list row (the form shows the same organisation name and roles). */
  listRow: async (ex: Executor, id: number) => (await listUsers(ex, eq(sysUser.id, id), 1, 0))[0],

  /**
   * A page of the list and its total: exact up to a limit, the planner's estimate beyond (core/pagination);
   * filters expected to match few accounts take their page and total from the matches (fewMatchesPage).
   */
  async page(ex: Executor, where: SQL | undefined, page: PageParameter) {
    const planned = await plannedRows(ex, sysUser, where);
    if (planned <= FEW_MATCHES) return fewMatchesPage(ex, where, page, planned);
    return paginate(page, (limit, offset) => listUsers(ex, where, limit, offset), () => countOrEstimate(ex, sysUser, where, planned));
  },

  /** A user matching a list condition (the caller's data scope), by id. */
  find: (ex: Executor, id: number, where: SQL | undefined) => first(ex, and(eq(sysUser.id, id), where)),

  /** A user whatever its delete flag. */
  findAny: (ex: Executor, id: number) => first(ex, eq(sysUser.id, id)),

  findLive: (ex: Executor, id: number) => first(ex, and(eq(sysUser.id, id), notDeleted(sysUser))),

  /** By username (case-insensitive) or by bound phone, live accounts only (at most two: a name may equal another's phone). */
  byLoginName: (ex: Executor, name: string) =>
    ex
      .select()
      .from(sysUser)
      .where(and(or(byLowerName(name), eq(sysUser.phone, name.trim())), notDeleted(sysUser)))
      .limit(2),

  findByUsername: (ex: Executor, username: string) => first(ex, and(byLowerName(username), notDeleted(sysUser))),
  findByPhone: (ex: Executor, phone: string) => first(ex, and(eq(sysUser.phone, phone.trim()), notDeleted(sysUser))),
  findByEmail: (ex: Executor, email: string) => first(ex, and(byLowerEmail(email), notDeleted(sysUser))),

  /** Whether a live account holds the value of a unique field. */
  async taken(ex: Executor, field: UniqueField, value: string): Promise<boolean> {
    return (await ex.select({ id: sysUser.id }).from(sysUser).where(and(sameAs[field](value), notDeleted(sysUser))).limit(1)).length > 0;
  },

  /** Whether any account, live or recycled, has the username (lower-case) or the employee number. */
  async anyHas(ex: Executor, username: string, empCode: string): Promise<boolean> {
    const rows = await ex.select({ id: sysUser.id }).from(sysUser).where(sql`lower(${sysUser.username}) = ${username} or ${sysUser.empCode} = ${empCode}`).limit(1);
    return rows.length > 0;
  },

  /** The live accounts holding any of the values (lower-cased where the unique index is case-insensitive). */
  holdersOfValues(ex: Executor, values: Record<UniqueField, string[]>) {
    const list = (items: string[]) => sql.join([...items, ''].map((v) => sql`${v}`), sql`, `);
    return ex
      .select({ username: sysUser.username, phone: sysUser.phone, email: sysUser.email, empCode: sysUser.empCode })
      .from(sysUser)
      .where(
        and(
          notDeleted(sysUser),
          sql`(lower(${sysUser.username}) in (${list(values.username)})
          or ${sysUser.phone} in (${list(values.phone)})
          or lower(${sysUser.email}) in (${list(values.email)})
          or ${sysUser.empCode} in (${list(values.empCode)}))`,
        ),
      );
  },

  async insert(ex: Executor, values: Omit<NewUser, 'createBy' | 'createById' | 'updateBy' | 'updateById'>, actor: Actor | null): Promise<UserRow> {
    const [row] = await ex.insert(sysUser).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, values: Partial<NewUser>, actor: Actor) => updateVersioned(ex, sysUser, id, lockVersion, values, actor, '用户'),

  /** Changes a live account's fields with the audit fields; the lock version moves. */
  async set(ex: Executor, id: number, values: Partial<NewUser>, actor: Actor | null, liveOnly = false): Promise<UserRow | null> {
    const [row] = await ex
      .update(sysUser)
      .set({ ...values, ...updatedBy(actor, sysUser) })
      .where(and(eq(sysUser.id, id), liveOnly ? notDeleted(sysUser) : undefined))
      .returning();
    return row ?? null;
  },

  async setPasswordHash(ex: Executor, id: number, passwordHash: string): Promise<void> {
    await ex.update(sysUser).set({ passwordHash }).where(eq(sysUser.id, id));
  },

  async deleteForGood(ex: Executor, id: number): Promise<void> {
    await ex.delete(sysUserRole).where(eq(sysUserRole.userId, id));
    await ex.delete(sysUser).where(eq(sysUser.id, id));
  },

  // ── the roles a user holds (sys_user_role belongs to the account) ──

  async roleIdsOf(ex: Executor, userId: number): Promise<number[]> {
    return (await ex.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId);
  },

  /** The user's role ids, as a subquery. */
  roleIdsOfUser: (userId: number): SQL => sql`select ${sysUserRole.roleId} from ${sysUserRole} where ${sysUserRole.userId} = ${userId}`,

  async replaceRoles(ex: Executor, userId: number, roleIds: number[]): Promise<void> {
    await ex.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roleIds.length) await ex.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  },

  async grantRoles(ex: Executor, userId: number, roleIds: number[]): Promise<void> {
    if (roleIds.length) await ex.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
  },

  /** Ids of the live users holding the role. */
  async holderIds(ex: Executor, roleId: number): Promise<number[]> {
    const rows = await ex
      .select({ id: sysUser.id })
      .from(sysUserRole)
      .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
      .where(and(eq(sysUserRole.roleId, roleId), notDeleted(sysUser)));
    return rows.map((r) => r.id);
  },

  /** Live holders of the role, by username then id. */
  holdersPage(ex: Executor, roleId: number, page: PageParameter) {
    const where = and(eq(sysUserRole.roleId, roleId), notDeleted(sysUser));
    return paginate(
      page,
      (limit, offset) =>
        ex
          .select(holderColumns)
          .from(sysUserRole)
          .innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId))
          .where(where)
          .orderBy(asc(sysUser.username), asc(sysUser.id))
          .limit(limit)
          .offset(offset),
      async () => (await ex.select({ n: count() }).from(sysUserRole).innerJoin(sysUser, eq(sysUser.id, sysUserRole.userId)).where(where))[0]!.n,
    );
  },

  /** Users (deleted ones included) holding any role of a subquery of role ids. */
  async holdersOfRoles(ex: Executor, roleIds: SQL): Promise<number[]> {
    const rows = await ex.selectDistinct({ userId: sysUserRole.userId }).from(sysUserRole).where(sql`${sysUserRole.roleId} in (${roleIds})`);
    return rows.map((r) => r.userId);
  },

  async unlinkRole(ex: Executor, roleId: number): Promise<void> {
    await ex.delete(sysUserRole).where(eq(sysUserRole.roleId, roleId));
  },

  /** Links a user to the live role of a code unless already linked; false when no such role is live. */
  async linkRoleByCode(ex: Executor, userId: number, roleCode: string): Promise<boolean> {
    const [role] = await ex.select({ id: roleNameView.id }).from(roleNameView).where(and(eq(roleNameView.roleCode, roleCode), eq(roleNameView.live, true))).limit(1);
    if (!role) return false;
    await ex.insert(sysUserRole).values({ userId, roleId: role.id }).onConflictDoNothing();
    return true;
  },


  // ── users as other features list them ──

  /** The live users among `ids`. */
  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await ex.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, ids), notDeleted(sysUser)));
    return rows.map((r) => r.id);
  },

  /** The live users among `ids`, by username. */
  cards: async (ex: Executor, ids: number[]) =>
    ids.length ? ex.select(cardColumns).from(sysUser).where(and(inArray(sysUser.id, ids), notDeleted(sysUser))).orderBy(asc(sysUser.username)) : [],

  /** Live users of an organisation and, when given, of the organisations in a subquery of ids; by sort, then id. */
  members(ex: Executor, orgId: number, alsoIn: SQL | null, page: PageParameter) {
    const where = and(notDeleted(sysUser), alsoIn ? or(eq(sysUser.orgId, orgId), sql`${sysUser.orgId} in (${alsoIn})`) : eq(sysUser.orgId, orgId));
    return paginate(
      page,
      (limit, offset) => ex.select(cardColumns).from(sysUser).where(where).orderBy(asc(sysUser.sort), asc(sysUser.id)).limit(limit).offset(offset),
      () => countWhere(ex, sysUser, where),
    );
  },

  async anyInOrg(ex: Executor, orgId: number): Promise<boolean> {
    return (await ex.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.orgId, orgId), notDeleted(sysUser))).limit(1)).length > 0;
  },
};
export type UserListRow = Awaited<ReturnType<typeof listUsers>>[number];
