import type { ServerData } from '@dandelion/shared';
import type { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import type { AuthRole, AuthUser } from '../directory/module';

/** Spec §3 User info: what the client stores after sign-in. */
export type UserInfo = ServerData<typeof currentUserCalls.info>;

export function toUserInfo(user: AuthUser, roles: Pick<AuthRole, 'roleCode' | 'roleName'>[]): UserInfo {
  return {
    userId: user.id,
    username: user.username,
    loginName: user.username,
    realname: user.realname,
    userRealName: user.realname,
    nickName: user.nickName,
    avatar: user.avatar,
    userSex: user.userSex,
    phones: user.phone,
    mails: user.email,
    userType: user.userType,
    roles: roles.map((r) => ({ roleCode: r.roleCode, roleName: r.roleName })),
  };
}
