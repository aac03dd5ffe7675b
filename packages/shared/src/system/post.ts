/** Posts (岗位): the positions staff hold (spec §7 /rest/postService/*). */
import { z } from 'zod';
import { permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { RECORD_STATUSES, zRecordStatus, zRemark, zSort } from '../records';
import { zId } from '../schemas';
import { recordFields } from './recordFields';

export const POST_PERMISSIONS = permissionsOf('system:post', ['list', 'add', 'upd', 'detail', 'del', 'enable']);

export const POST_STATUSES = RECORD_STATUSES;
export type PostStatus = (typeof POST_STATUSES)[number];

export const postRow = z.object({
  postId: zId,
  postCode: z.string(),
  postName: z.string(),
  status: zRecordStatus,
  sort: z.number(),
  remark: z.string().nullable(),
  ...recordFields,
});

export const postBody = z.object({
  postCode: z
    .string({ error: '请输入岗位编码' })
    .trim()
    .min(1, '请输入岗位编码')
    .max(64, '岗位编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '岗位编码只能包含字母、数字和下划线'),
  postName: z.string({ error: '请输入岗位名称' }).trim().min(1, '请输入岗位名称').max(64, '岗位名称不能超过64个字符'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});

export const postCalls = recordCalls({
  tag: '岗位',
  entity: '岗位',
  idField: 'postId',
  row: postRow,
  body: postBody,
  filter: {
    postCode: z.string().trim().max(64).optional(),
    postName: z.string().trim().max(64).optional(),
    status: zRecordStatus.optional(),
  },
  permissions: POST_PERMISSIONS,
  paths: {
    page: '/rest/postService/getPostByPage',
    detail: '/rest/postService/getPostById',
    add: '/rest/postService/addPost',
    update: '/rest/postService/updatePost',
    updateStatus: '/rest/postService/updateStatus',
    remove: '/rest/postService/deletePostById',
    removeMany: '/rest/postService/deletePostByIds',
  },
  summaries: {
    page: '岗位分页（按排序号、编号）',
    add: '新增岗位：岗位编码唯一',
    remove: '删除岗位（逻辑删除）；仍有用户在岗时拒绝（409）',
  },
});
