/**
 * Sample accounts of mock mode (spec §3 Current user info, Mock records; spec §6: admin and editor).
 * Development sample data only: these passwords exist nowhere but in this file.
 */
import { ALL_CODES, EXTRA_ADMIN_CODE, codesOf, menuFor } from './menus';
import type { MenuNode } from '../../api/consoleTypes';

export const MOCK_PASSWORD = '123456';

export interface MockAccount {
  username: string;
  password: string;
  token: string;
  roles: string[];
  /** Top-level menu groups the account sees. */
  menu: MenuNode[];
  funcs: string[];
  user: Record<string, unknown>;
  emp: Record<string, unknown>;
  org: Record<string, unknown>;
  /** The vue-admin-template style profile of GET /vue-admin-template/user/info. */
  profile: { roles: string[]; introduction: string; avatar: string; name: string };
}

const AVATAR = '/favicon.svg';

const ORG = {
  orgId: '100',
  orgCode: 'DANDELION',
  orgName: '蒲公英科技奖励办公室',
  orgType: 'UNIT',
  orgLevel: 'PROVINCE',
  parentOrgId: '0',
  parentOrgIds: '0',
  orgAddr: '北京市海淀区中关村大街 1 号',
  orgLinkman: '王主任',
  orgLinktel: '010-62345678',
  orgLinkemail: 'office@dandelion.example',
  orgStatus: 'NORMAL',
  orgSort: 1,
  remark: '演示机构',
};

function account(fields: {
  username: string;
  token: string;
  realname: string;
  roles: string[];
  groups: readonly string[] | 'all';
  funcs: string[];
  userId: string;
  empId: string;
  empSort: number;
  phone: string;
  introduction: string;
}): MockAccount {
  return {
    username: fields.username,
    password: MOCK_PASSWORD,
    token: fields.token,
    roles: fields.roles,
    menu: menuFor(fields.groups),
    funcs: fields.funcs,
    user: {
      userId: fields.userId,
      loginName: fields.username,
      username: fields.username,
      userRealName: fields.realname,
      realname: fields.realname,
      avatar: AVATAR,
      userSex: '1',
      userPhone: fields.phone,
      userEmail: `${fields.username}@dandelion.example`,
      cardType: 'ID_CARD',
      cardNo: '11010519491231002X',
      status: 'NORMAL',
      loginType: 'ACCOUNT',
    },
    emp: {
      empId: fields.empId,
      empCode: fields.username,
      empName: fields.realname,
      orgId: ORG.orgId,
      empAvatar: AVATAR,
      inDate: '2020-01-01',
      outDate: null,
      empStatus: 'NORMAL',
      enableUser: 1,
      empSort: fields.empSort,
      remark: '演示账号',
    },
    org: ORG,
    profile: { roles: fields.roles.map((r) => r.toLowerCase()), introduction: fields.introduction, avatar: AVATAR, name: fields.realname },
  };
}

export const ACCOUNTS: MockAccount[] = [
  account({
    username: 'admin',
    token: 'admin-token',
    realname: '系统管理员',
    roles: ['ADMIN'],
    groups: 'all',
    funcs: [...ALL_CODES, EXTRA_ADMIN_CODE],
    userId: '1',
    empId: '1001',
    empSort: 1,
    phone: '13800000001',
    introduction: '我是超级管理员',
  }),
  account({
    username: 'editor',
    token: 'editor-token',
    realname: '内容编辑',
    roles: ['EDITOR'],
    groups: ['cms', 'center'],
    funcs: codesOf(['cms', 'center']),
    userId: '2',
    empId: '1002',
    empSort: 2,
    phone: '13800000002',
    introduction: '我是内容编辑',
  }),
];

export function accountByName(username: unknown): MockAccount | undefined {
  return ACCOUNTS.find((a) => a.username === username);
}

export function accountByToken(token: string | null | undefined): MockAccount | undefined {
  if (!token) return undefined;
  const bare = token.replace(/^Bearer\s+/i, '');
  return ACCOUNTS.find((a) => a.token === bare);
}
