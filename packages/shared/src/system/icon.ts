/**
 * Custom menu icons (自定义图标, spec §3 customIcons, §7 /rest/icon/*). They are part of menu
 * administration, so they use the function codes: list with system:func:list, add/update/delete with add/upd/del.
 */
import { z } from 'zod';
import { defineCall } from '../contract';
import { zLockVersion } from '../records';
import { zDateTime, zId } from '../schemas';
import { FUNC_PERMISSIONS } from './func';

export const MAX_SVG_BYTES = 64 * 1024;

const TAG = '自定义图标';

export const iconRow = z.object({
  iconId: zId,
  iconName: z.string(),
  pathContent: z.string(),
  viewBox: z.string(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  lockVersion: z.number(),
});
const iconName = z.string({ error: '请输入图标名称' }).trim().min(1, '请输入图标名称').max(64, '图标名称不能超过64个字符');
const svg = z.string({ error: '请上传 SVG 图标' }).min(1, '请上传 SVG 图标').max(MAX_SVG_BYTES, '图标文件不能超过 64 KB');

export const iconCalls = {
  list: defineCall({
    method: 'POST',
    path: '/rest/icon/list',
    access: FUNC_PERMISSIONS.list,
    tag: TAG,
    summary: '全部自定义图标',
    body: z.object({}),
    response: z.array(iconRow),
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/icon/add',
    access: FUNC_PERMISSIONS.add,
    tag: TAG,
    summary: '上传 SVG 图标（只保留 path 的 d 数据与 viewBox；含脚本、事件属性、外部引用的文件被拒绝）',
    body: z.object({ iconName, svg }),
    response: iconRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/icon/update',
    access: FUNC_PERMISSIONS.upd,
    tag: TAG,
    summary: '修改图标名称，或重新上传 SVG',
    body: z.object({ iconId: zId, iconName, svg: svg.nullish(), lockVersion: zLockVersion }),
    response: iconRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/icon/delete',
    access: FUNC_PERMISSIONS.del,
    tag: TAG,
    summary: '删除图标',
    body: z.object({ iconId: zId }),
    response: z.null(),
  }),
};
