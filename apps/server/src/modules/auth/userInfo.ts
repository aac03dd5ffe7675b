import type { RoleRow } from '../system/role/service';
import type { UserRow } from '../system/user/service';

/** Spec §3 User info: what the client stores after sign-in. */
export interface UserInfo {
  userId: number;
  username: string;
  loginName: string;
  realname: string | null;
  userRealName: string | null;
  nickName: string | null;
  avatar: string | null;
  userSex: number;
  phones: string | null;
  mails: string | null;
  userType: string;
  roles: Array<{ roleCode: string; roleName: string }>;
}

export function toUserInfo(user: UserRow, roles: RoleRow[]): UserInfo {
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
