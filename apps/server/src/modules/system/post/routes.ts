import { zLockVersion, zRecordStatus, zRemark, zSort } from '../recordFields';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '../../../core/schemas';
import { changeOf } from '../../base/log/operationLog';
import type { PostService } from './service';

const TAG = '岗位';

const postSchema = z.object({
  postId: zId,
  postCode: z.string(),
  postName: z.string(),
  status: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const postBody = z.object({
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
const lockVersion = zLockVersion;

/** Posts (spec §7 /rest/postService/*; the member names are ours). */
export function registerPostRoutes(app: FastifyInstance, { posts }: { posts: PostService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/postService/getPostByPage',
    {
      config: { permission: 'system:post:list' },
      schema: {
        tags: [TAG],
        summary: '岗位分页（按排序号、编号）',
        body: z.object({
          pageParameter: zPageParameter,
          postCode: z.string().trim().max(64).optional(),
          postName: z.string().trim().max(64).optional(),
          status: zRecordStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(postSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await posts.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/postService/getPostById',
    {
      config: { permission: 'system:post:detail' },
      schema: { tags: [TAG], summary: '岗位详情', body: z.object({ postId: zId }), response: { 200: envelopeOf(postSchema) } },
    },
    async (request) => ok(await posts.detail(request.body.postId)),
  );

  r.post(
    '/rest/postService/addPost',
    {
      config: { permission: 'system:post:add' },
      schema: { tags: [TAG], summary: '新增岗位：岗位编码唯一', body: postBody, response: { 200: envelopeOf(postSchema) } },
    },
    async (request) => ok(await posts.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/postService/updatePost',
    {
      config: { permission: 'system:post:upd' },
      schema: {
        tags: [TAG],
        summary: '修改岗位（乐观锁：lockVersion 过期返回 409）',
        body: postBody.extend({ postId: zId, lockVersion }),
        response: { 200: envelopeOf(postSchema) },
      },
    },
    async (request) => {
      const { postId, lockVersion: version, ...input } = request.body;
      return ok(await posts.update(postId, version, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/postService/updateStatus',
    {
      config: { permission: 'system:post:enable' },
      schema: {
        tags: [TAG],
        summary: '启用（NORMAL）或停用（DISABLED）岗位',
        body: z.object({ postId: zId, lockVersion, status: zRecordStatus }),
        response: { 200: envelopeOf(postSchema) },
      },
    },
    async (request) => {
      const { postId, lockVersion: version, status } = request.body;
      return ok(await posts.updateStatus(postId, version, status, changeOf(request)), status === 'NORMAL' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/postService/deletePostById',
    {
      config: { permission: 'system:post:del' },
      schema: {
        tags: [TAG],
        summary: '删除岗位（逻辑删除）；仍有用户在岗时拒绝（409）',
        body: z.object({ postId: zId, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await posts.remove(request.body.postId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/postService/deletePostByIds',
    {
      config: { permission: 'system:post:del' },
      schema: {
        tags: [TAG],
        summary: '批量删除岗位（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的岗位' }).min(1, '请选择要删除的岗位').max(500, '一次最多删除 500 个岗位') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await posts.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );
}
