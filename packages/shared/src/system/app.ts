/** Applications (应用): what the console's init call lists, and the menus each carries (spec §7 /rest/app/*). */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { RECORD_STATUSES, zRecordStatus, zRemark, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { recordFields } from './recordFields';
import { isHttpUrl } from '../validators';

export const APP_PERMISSIONS = permissionsOf('system:app', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

export const APP_STATUSES = RECORD_STATUSES;
export const VISIT_URL_MESSAGE = '访问地址必须是 http/https 网址或以 / 开头的路径';
export const APP_PATH_MESSAGE = '应用路径必须以 / 开头';
/** A full http(s) URL, or a path on this site (never protocol-relative //host, never javascript: and the like). */
export const isVisitUrl = (value: string) => isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value);

const TAG = '应用';

export const appRow = z.object({
  appId: zId,
  appCode: z.string(),
  appName: z.string(),
  visitUrl: z.string(),
  path: z.string(),
  status: zRecordStatus,
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});
/** An application with the menus it carries. */
export const appDetail = appRow.extend({ funcIds: z.array(zId) });

export const appBody = z.object({
  appCode: z
    .string({ error: '请输入应用编码' })
    .trim()
    .min(1, '请输入应用编码')
    .max(64, '应用编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '应用编码只能包含字母、数字和下划线'),
  appName: z.string({ error: '请输入应用名称' }).trim().min(1, '请输入应用名称').max(64, '应用名称不能超过64个字符'),
  visitUrl: z.string({ error: '请输入访问地址' }).trim().min(1, '请输入访问地址').max(512, '访问地址不能超过512个字符').refine(isVisitUrl, VISIT_URL_MESSAGE),
  path: z.string().trim().max(256, '应用路径不能超过256个字符').regex(/^\/\S*$/, APP_PATH_MESSAGE).default('/'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});

const appFilter = {
  appCode: z.string().trim().max(64).optional(),
  appName: z.string().trim().max(64).optional(),
  status: zRecordStatus.optional(),
};

const family = recordCalls({
  tag: TAG,
  entity: '应用',
  idField: 'appId',
  row: appDetail,
  body: appBody,
  filter: appFilter,
  permissions: APP_PERMISSIONS,
  paths: {
    page: '/rest/app/page',
    detail: '/rest/app/detail',
    add: '/rest/app/add',
    update: '/rest/app/update',
    updateStatus: '/rest/app/updateStatus',
    remove: '/rest/app/delete',
  },
  summaries: {
    detail: '应用详情（含绑定的菜单 funcIds）',
    add: '新增应用：应用编码唯一，访问地址为 http/https 网址或以 / 开头的路径',
    updateStatus: '启用（NORMAL）或停用（DISABLED）应用；停用的应用不再出现在 /rest/index/init 的 apps 中',
    remove: '删除应用（逻辑删除，菜单绑定一并解除）',
  },
});

export const appCalls = {
  ...family,
  /** The list's rows leave out the bound menus the other calls answer. */
  page: defineCall({
    method: 'POST',
    path: '/rest/app/page',
    access: APP_PERMISSIONS.list,
    tag: TAG,
    summary: '应用分页（按排序号、编号）',
    body: z.object({ pageParameter: zPageParameter, ...appFilter }),
    response: pageOf(appRow),
  }),
  bindMenus: defineCall({
    method: 'POST',
    path: '/rest/app/bindMenus',
    access: APP_PERMISSIONS.upd,
    tag: TAG,
    summary: '替换应用的菜单（目录或菜单，不含按钮）',
    body: z.object({ appId: zId, funcIds: z.array(zId, { error: '请提供 funcIds 列表' }).max(2000, '一次最多绑定 2000 个菜单') }),
    response: z.object({ funcIds: z.array(zId) }),
  }),
};
