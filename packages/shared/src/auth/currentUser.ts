/** The signed-in user's own data (spec §7): user info, roles, the console's init and permission data, menus. */
import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../contract';
import { zId } from '../schemas';
import { menuNode } from '../system/func';
import { userInfo } from './signIn';

const TAG = '当前用户';

export const currentUserCalls = {
  info: defineCall({ method: 'GET', path: '/api/user/info', access: SIGNED_IN, tag: TAG, summary: '当前登录用户信息', response: userInfo }),
  roles: defineCall({
    method: 'POST',
    path: '/rest/user/getUserRoles',
    access: SIGNED_IN,
    tag: TAG,
    summary: '按用户编号查询其角色（本人；查询他人需要 system:user:list）',
    body: z.object({ userId: zId.optional() }),
    response: z.array(z.object({ roleId: zId, roleCode: z.string(), roleName: z.string(), roleType: z.string() })),
  }),
  init: defineCall({
    method: 'POST',
    path: '/rest/index/init',
    access: SIGNED_IN,
    tag: TAG,
    summary: '控制台初始化数据：图标、菜单、应用、首页菜单、应用字典、权限码',
    response: z.object({
      icons: z.array(z.object({ iconId: z.string(), name: z.string(), pathContent: z.string(), viewBox: z.string() })),
      menu: z.array(menuNode),
      /** Each application in force with its part of the user's menu tree (spec §3 Session state apps). */
      apps: z.array(z.object({ appCode: z.string(), visitUrl: z.string(), path: z.string(), menus: z.array(menuNode) })),
      indexMenu: z.object({ path: z.string(), component: z.string(), meta: z.object({ title: z.string() }) }),
      appDicts: z.record(z.string(), z.unknown()),
      permissions: z.array(z.string()),
    }),
  }),
  permission: defineCall({
    method: 'POST',
    path: '/rest/index/permission',
    access: SIGNED_IN,
    tag: TAG,
    summary: '权限数据：站点显示名、模板（菜单）列表、主题布局、首页模板',
    response: z.object({
      site: z.object({ displayName: z.string() }),
      templateList: z.array(menuNode),
      theme: z.object({ layoutUiName: z.string() }),
      indexTemplateEntity: z.object({ componentPath: z.string(), componentName: z.string() }),
    }),
  }),
  menuList: defineCall({
    method: 'POST',
    path: '/rest/menu/UserMenuList',
    access: SIGNED_IN,
    tag: TAG,
    summary: '当前用户的菜单树',
    response: z.array(menuNode),
  }),
  menuUserTree: defineCall({
    method: 'POST',
    path: '/rest/menu/getMenuUserTree',
    access: SIGNED_IN,
    tag: TAG,
    summary: '当前用户的菜单树与按钮权限码',
    response: z.object({ menus: z.array(menuNode), permissions: z.array(z.string()) }),
  }),
};
