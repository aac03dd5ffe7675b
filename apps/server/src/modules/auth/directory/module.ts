import type { MenuNode } from '@dandelion/shared/system/func';
import type { Executor } from '../../../core/db';
import type { RoleScope } from '../../../core/dataScope';
import type { Actor } from '../../../core/records';

/**
 * The ports of the identity area: what it reads and changes of the accounts, roles, functions and
 * organisations the system area owns, of the site (cms) and of the SMS codes (message). The owners'
 * facades satisfy these types; app.ts passes them in. Functions that take an executor run inside the
 * caller's transaction (an account created together with its linked identity).
 */

/** The account fields the identity area works with (sys_user). */
export interface AuthUser {
  id: number;
  username: string;
  passwordHash: string | null;
  realname: string | null;
  nickName: string | null;
  avatar: string | null;
  userSex: number;
  phone: string | null;
  email: string | null;
  orgId: number | null;
  /** 所在单位 a self-registered applicant typed (their organisation outside the system's own tree). */
  unitName: string | null;
  userType: string;
  /** NORMAL or FROZEN. */
  status: string;
  idType: string | null;
  idNumber: string | null;
  identityVerified: boolean;
  identityVerifiedAt: Date | null;
  createTime: Date;
}

/** The status of an account that may sign in; any other (FROZEN) may not. */
export const ACTIVE_USER_STATUS = 'NORMAL';

/** Account fields the owner or an administrator sets outside the user form. */
export type AccountFields = Partial<
  Pick<AuthUser, 'passwordHash' | 'phone' | 'email' | 'realname' | 'nickName' | 'userSex' | 'avatar' | 'idType' | 'idNumber' | 'identityVerified' | 'identityVerifiedAt'>
>;

export interface RegisteredAccount {
  username: string;
  passwordHash: string;
  realname: string;
  phone: string;
  email: string;
  idType: string;
  idNumber: string;
  unitName: string;
  unitCode: string | null;
}

export interface ExternalAccount {
  username: string;
  realname?: string | null;
  email?: string | null;
  phone?: string | null;
  roleCodes: string[];
}

/** Accounts (system/user). Lookups skip deleted accounts. */
export interface UserPort {
  findById(id: number): Promise<AuthUser | null>;
  /** By username (case-insensitive) or by bound phone: both may sign in with a password. */
  findByLoginName(loginName: string): Promise<AuthUser | null>;
  findByPhone(phone: string): Promise<AuthUser | null>;
  findByEmail(email: string): Promise<AuthUser | null>;
  /** Exact username (case-insensitive), without the phone fallback. */
  findByUsername(ex: Executor, username: string): Promise<AuthUser | null>;
  /** Replaces the stored hash without touching the audit fields (a rehash on sign-in). */
  setPasswordHash(id: number, passwordHash: string): Promise<void>;
  /** Changes the given fields with the audit fields and a new lock version; null when the account is gone. */
  updateFields(ex: Executor, id: number, fields: AccountFields, actor: Actor | null): Promise<AuthUser | null>;
  /** A self-registered portal account with the given roles by code; fails when a role is missing. */
  createRegistered(ex: Executor, account: RegisteredAccount, roleCodes: string[]): Promise<AuthUser>;
  /** A portal account provisioned by single sign-on or a third-party provider. */
  createExternal(ex: Executor, account: ExternalAccount): Promise<AuthUser>;
}

export interface AuthRole {
  id: number;
  roleCode: string;
  roleName: string;
  roleType: string;
  dataScope: string;
}

/** Roles (system/role). */
export interface RolePort {
  /** The role code that holds every permission (spec §6). */
  superRoleCode: string;
  rolesOfUser(userId: number): Promise<AuthRole[]>;
  funcIdsOfRoles(roleIds: number[]): Promise<number[]>;
  customOrgIdsOfRoles(roleIds: number[]): Promise<Map<number, number[]>>;
}

export interface AuthFunc {
  funcCode: string;
}

/** Functions: menus and buttons (system/func). */
export interface FuncPort {
  listAll(): Promise<AuthFunc[]>;
  listByIds(ids: number[]): Promise<AuthFunc[]>;
  /** The menu tree of the given functions (as listAll / listByIds answered them). */
  menuTree(funcs: AuthFunc[]): MenuNode[];
}

/** Data-permission rules bound to the user's roles and organisation (system/datapermission); each widens the scope. */
export type DataRuleScopes = (holder: { roleIds: number[]; orgId: number | null }) => Promise<RoleScope[]>;

/** The organisation's name (system/org). */
export type OrgName = (orgId: number | null) => Promise<string | null>;

/** The theme a user sees (system/theme). */
export type EffectiveTheme = (userId: number) => Promise<{ layoutUiName: string }>;

/** The online site's display name (cms/site); null when no site is online. */
export type SiteDisplayName = () => Promise<string | null>;

/** SMS verification codes and one-time tokens (message/sms). */
export interface VerifyCodePort {
  /** True for the right, live code of that phone and purpose; spends it. */
  verify(phone: string, purpose: 'LOGIN' | 'REGISTER' | 'RESET_PASSWORD' | 'BIND_PHONE', code: string): Promise<boolean>;
  /** Sends a code, within the per-phone and per-IP limits; REGISTER refuses a phone already bound (409). */
  request(input: { phone: string; purpose: 'LOGIN' | 'REGISTER' | 'RESET_PASSWORD' | 'BIND_PHONE'; ip: string }): Promise<{ expiresIn: number; resendIn: number }>;
  issueToken(phone: string, purpose: string, lifetimeMs: number): Promise<string>;
  /** The phone a live token was issued for; spends it. */
  consumeToken(purpose: string, token: string): Promise<string | null>;
}
