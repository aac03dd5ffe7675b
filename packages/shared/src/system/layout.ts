/** Layouts (布局): the console layouts a theme may name (spec §7 /rest/layout/*). */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { recordCalls } from '../recordCalls';
import { zRecordStatus, zRemark, zSort } from '../records';
import { zId } from '../schemas';
import { recordFields } from './recordFields';

export const LAYOUT_PERMISSIONS = permissionsOf('system:layout', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

const TAG = '布局';

const optText = (max: number, label: string) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);

export const layoutRow = z.object({
  layoutId: zId,
  layoutName: z.string(),
  layoutUiName: z.string(),
  componentPath: z.string().nullable(),
  thumbnail: z.string().nullable(),
  status: zRecordStatus,
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});

export const layoutBody = z.object({
  layoutName: z.string({ error: '请输入布局名称' }).trim().min(1, '请输入布局名称').max(64, '布局名称不能超过64个字符'),
  layoutUiName: z
    .string({ error: '请输入布局标识' })
    .trim()
    .min(1, '请输入布局标识')
    .max(64, '布局标识不能超过64个字符')
    .regex(/^[a-z][a-z0-9-]*$/, '布局标识只能由小写字母、数字和连字符组成，如 cms-layout'),
  componentPath: optText(256, '组件路径'),
  thumbnail: optText(512, '缩略图'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});

export const layoutCalls = {
  ...recordCalls({
    tag: TAG,
    entity: '布局',
    idField: 'layoutId',
    row: layoutRow,
    body: layoutBody,
    filter: { keyword: z.string().trim().max(64).optional(), status: zRecordStatus.optional() },
    permissions: LAYOUT_PERMISSIONS,
    paths: {
      page: '/rest/layout/query',
      detail: '/rest/layout/get',
      add: '/rest/layout/create',
      update: '/rest/layout/update',
      remove: '/rest/layout/delete',
    },
    summaries: {
      page: '布局分页（名称或标识模糊查询）',
      update: '修改布局（被主题使用时不能改标识）',
      remove: '删除布局（被主题使用时拒绝）',
    },
  }),
  /** For anyone signed in: the theme forms need it. */
  available: defineCall({
    method: 'POST',
    path: '/rest/layout/getAvailableLayouts',
    access: SIGNED_IN,
    tag: TAG,
    summary: '主题可选的布局（控制台能渲染的布局，启用的布局记录提供名称与缩略图）',
    body: z.object({}),
    response: z.array(z.object({ layoutId: zId.nullable(), layoutName: z.string(), layoutUiName: z.string(), thumbnail: z.string().nullable() })),
  }),
};
