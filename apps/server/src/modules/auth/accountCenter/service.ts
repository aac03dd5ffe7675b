import { createHash } from 'node:crypto';
import type { PageParameter, ServerBody } from '@dandelion/shared';
import { AVATAR_MAX_BYTES, AVATAR_PATH_PREFIX, AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_MESSAGE, type accountCenterCalls } from '@dandelion/shared/auth/accountCenter';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { OrgName, RolePort, UserPort } from '../directory/module';
import type { LoginLogModule } from '../loginLog/module';
import type { SessionService } from '../session/module';
import * as repo from './repo';

export const AVATAR_MISMATCH_MESSAGE = '头像图片的实际格式与声明的不符，请重新选择图片';
export const REALNAME_LOCKED_MESSAGE = '已完成实名认证，真实姓名不可修改，如需更改请联系管理员';
export const CURRENT_SESSION_MESSAGE = '不能下线当前设备，如需退出请使用“退出登录”';

export type AvatarMime = 'image/png' | 'image/jpeg' | 'image/webp';

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/** The picture's real type from its first bytes; the declared type is never trusted on its own. */
export function sniffImage(bytes: Buffer): AvatarMime | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Decodes the cropped picture's data URL, refusing anything but a real PNG, JPEG or WebP of at most 512 KB. */
export function decodeAvatar(dataUrl: string): { mime: AvatarMime; bytes: Buffer } {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw errors.badRequest(AVATAR_TYPE_MESSAGE);
  const declared = match[1] as AvatarMime;
  const base64 = match[2]!;
  // Refuse on the encoded length before allocating the decoded copy.
  if (Math.floor((base64.length * 3) / 4) - 2 > AVATAR_MAX_BYTES) throw errors.tooLarge(AVATAR_TOO_LARGE_MESSAGE);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw errors.tooLarge(AVATAR_TOO_LARGE_MESSAGE);
  const actual = sniffImage(bytes);
  if (!actual) throw errors.badRequest(AVATAR_TYPE_MESSAGE);
  if (actual !== declared) throw errors.badRequest(AVATAR_MISMATCH_MESSAGE);
  return { mime: actual, bytes };
}

export type ProfileInput = ServerBody<typeof accountCenterCalls.updateProfile>;

/** Operation-log module of the owner's own changes (profile, avatar). */
const ACCOUNT_MODULE = 'auth:account';

export interface AccountCenterDeps {
  db: Executor;
  users: Pick<UserPort, 'findById' | 'updateFields'>;
  roles: Pick<RolePort, 'rolesOfUser'>;
  orgName: OrgName;
  sessions: Pick<SessionService, 'refreshUser' | 'revokeAllForUser' | 'listLive' | 'revokeOwn' | 'startedAt'>;
  loginLogs: Pick<LoginLogModule, 'lastSuccessBefore' | 'pageOfUser'>;
}

/** The signed-in user's own centre: profile, avatar, their live sessions and their sign-in history. */
export function createAccountCenterService({ db, users, roles, orgName, sessions, loginLogs }: AccountCenterDeps) {
  async function me(userId: number) {
    const user = await users.findById(userId);
    // The session outlived its account (deleted between two requests).
    if (!user) throw errors.unauthorized();
    return user;
  }

  async function profile(userId: number, sessionId: number) {
    const user = await me(userId);
    const [userRoles, orgNameOfUser, sessionStart] = await Promise.all([
      roles.rolesOfUser(user.id),
      orgName(user.orgId),
      sessions.startedAt(sessionId),
    ]);
    return {
      userId: user.id,
      username: user.username,
      realname: user.realname,
      nickName: user.nickName,
      userSex: user.userSex,
      avatar: user.avatar,
      // The owner sees their own contact details as stored; masking is for other viewers.
      phone: user.phone,
      email: user.email,
      orgId: user.orgId,
      orgName: orgNameOfUser,
      unitName: user.unitName,
      roles: userRoles.map((r) => ({ roleCode: r.roleCode, roleName: r.roleName })),
      identityVerified: user.identityVerified,
      createTime: user.createTime,
      // "上次登录": the sign-in before the one that opened this session.
      lastLoginTime: await loginLogs.lastSuccessBefore(user.id, sessionStart ?? new Date()),
      userType: user.userType,
    };
  }

  return {
    profile,

    async updateProfile(change: ChangeContext, sessionId: number, input: ProfileInput) {
      const { actor } = change;
      const user = await me(actor.id);
      // The verified identity is a real name plus an ID number: the pair cannot be split by the owner.
      if (user.identityVerified && input.realname !== user.realname) throw errors.conflict(REALNAME_LOCKED_MESSAGE);
      const after = { realname: input.realname, nickName: input.nickName || null, userSex: input.userSex };
      await withTransaction(db, async (tx) => {
        await users.updateFields(tx, actor.id, after, actor);
        await recordOperation(tx, {
          ...change, module: ACCOUNT_MODULE, action: 'UPDATE', entityId: actor.id, summary: '修改个人资料',
          before: { realname: user.realname, nickName: user.nickName, userSex: user.userSex }, after,
        });
      });
      // Cached principals carry the real name (audit fields of later changes): reload them everywhere.
      await sessions.refreshUser(actor.id);
      return profile(actor.id, sessionId);
    },

    async setAvatar(change: ChangeContext, dataUrl: string): Promise<{ avatar: string }> {
      const { actor } = change;
      const { mime, bytes } = decodeAvatar(dataUrl);
      const user = await me(actor.id);
      const hash = createHash('sha256').update(bytes).digest('hex');
      await repo.saveAvatar(db, hash, mime, bytes);
      const avatar = `${AVATAR_PATH_PREFIX}${hash}`;
      await withTransaction(db, async (tx) => {
        await users.updateFields(tx, actor.id, { avatar }, actor);
        await recordOperation(tx, { ...change, module: ACCOUNT_MODULE, action: 'UPDATE', entityId: actor.id, summary: '更换头像', before: { avatar: user.avatar }, after: { avatar } });
      });
      return { avatar };
    },

    async avatar(hash: string): Promise<{ mime: string; content: Buffer }> {
      const found = await repo.findAvatar(db, hash);
      if (!found) throw errors.notFound('头像');
      return found;
    },

    async mySessions(userId: number, currentSessionId: number) {
      const rows = await sessions.listLive(userId);
      const list = rows.map((s) => ({
        sessionId: s.id,
        loginType: s.loginType,
        ip: s.ip,
        userAgent: s.userAgent,
        createTime: s.createTime,
        lastSeenAt: s.lastSeenAt,
        expiresAt: s.expiresAt,
        current: s.id === currentSessionId,
      }));
      // This device first: it is the one the user recognises.
      return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
    },

    /** Ends one of the user's other sessions at once on every instance; the current one ends through 退出登录. */
    async revokeMySession(userId: number, currentSessionId: number, sessionId: number): Promise<void> {
      if (sessionId === currentSessionId) throw errors.badRequest(CURRENT_SESSION_MESSAGE);
      // Someone else's session and an unknown one answer alike: ids reveal nothing.
      if (!(await sessions.revokeOwn(userId, sessionId))) throw errors.notFound('登录设备');
    },

    async revokeOtherSessions(userId: number, currentSessionId: number): Promise<{ count: number }> {
      return { count: await sessions.revokeAllForUser(userId, currentSessionId) };
    },

    loginLog: (userId: number, page: PageParameter) => loginLogs.pageOfUser(userId, page),
  };
}
export type AccountCenterService = ReturnType<typeof createAccountCenterService>;
