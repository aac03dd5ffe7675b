import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTICE_PERMISSIONS, NOTICE_STATUSES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { noticeBody, noticeDetail, noticeListItem, savedNotice, zAudienceType, zLockVersion, zPriority } from './schemas';
import type { NoticeService } from './service';

const TAG = '通知公告';

/** The administrators' notice calls (spec §7 /rest/noticeService/*; updateNotice is ours, in the same style). */
export function registerNoticeRoutes(app: FastifyInstance, { notices }: { notices: NoticeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Saving with release: true is releasing too, so it needs that permission as well. */
  const mayRelease = (request: { principal: { isSuperAdmin: boolean; permissions: Set<string> } | null }, release: boolean) => {
    const p = request.principal!;
    if (release && !p.isSuperAdmin && !p.permissions.has(NOTICE_PERMISSIONS.release)) throw errors.forbidden('没有发布通知的权限，请保存为草稿');
  };

  r.post(
    '/rest/noticeService/getNoticeByPage',
    {
      config: { permission: NOTICE_PERMISSIONS.list },
      schema: {
        tags: [TAG],
        summary: '通知分页（管理端，最新在前）：含发布范围名称、投递与已读人数',
        body: z.object({
          pageParameter: zPageParameter,
          title: z.string().trim().max(200).optional(),
          status: z.enum(NOTICE_STATUSES, { error: '状态只能是 DRAFT、RELEASED 或 REVOKED' }).optional(),
          priority: zPriority.optional(),
          audienceType: zAudienceType.optional(),
          isPublic: z.boolean().optional(),
          beginTime: zDateTime.optional(),
          endTime: zDateTime.optional(),
        }),
        response: { 200: envelopeOf(pageOf(noticeListItem)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await notices.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/noticeService/getNoticeById',
    {
      config: { permission: NOTICE_PERMISSIONS.detail },
      schema: {
        tags: [TAG],
        summary: '通知详情（管理端）：正文、发布范围（含名称）、附件、投递与已读人数',
        body: z.object({ noticeId: zId }),
        response: { 200: envelopeOf(noticeDetail) },
      },
    },
    async (request) => ok(await notices.detail(request.body.noticeId, request.principal!)),
  );

  r.post(
    '/rest/noticeService/addNotice',
    {
      config: { permission: NOTICE_PERMISSIONS.add },
      schema: {
        tags: [TAG],
        summary: '新增通知（草稿）；release: true 时保存后立即发布',
        description: '正文为富文本，服务端按白名单清洗后保存。正文中的图片和附件（文件服务的 fileId）随通知一起对其受众可见。',
        body: noticeBody,
        response: { 200: envelopeOf(savedNotice) },
      },
    },
    async (request) => {
      const { release, ...input } = request.body;
      mayRelease(request, release);
      return ok(await notices.add(input, release, changeOf(request)), release ? '发布成功' : '保存成功');
    },
  );

  r.post(
    '/rest/noticeService/updateNotice',
    {
      config: { permission: NOTICE_PERMISSIONS.upd },
      schema: {
        tags: [TAG],
        summary: '修改通知（草稿或已撤回的通知；已发布的需先撤回）；乐观锁：lockVersion 过期返回 409',
        body: noticeBody.extend({ noticeId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(savedNotice) },
      },
    },
    async (request) => {
      const { noticeId, lockVersion, release, ...input } = request.body;
      mayRelease(request, release);
      return ok(await notices.update(noticeId, lockVersion, input, release, changeOf(request)), release ? '发布成功' : '保存成功');
    },
  );

  r.post(
    '/rest/noticeService/updateStatus',
    {
      config: { permission: NOTICE_PERMISSIONS.release },
      schema: {
        tags: [TAG],
        summary: '发布（RELEASED）或撤回（REVOKED）通知',
        description: '发布：草稿或已撤回的通知可发布，立即投递给当前受众；撤回：仅已发布的通知，撤回后所有人立即看不到。',
        body: z.object({
          noticeId: zId,
          lockVersion: zLockVersion,
          status: z.enum(['RELEASED', 'REVOKED'], { error: '状态只能是 RELEASED（发布）或 REVOKED（撤回）' }),
        }),
        response: { 200: envelopeOf(savedNotice) },
      },
    },
    async (request) => {
      const { noticeId, lockVersion, status } = request.body;
      const row = await notices.updateStatus(noticeId, lockVersion, status, changeOf(request));
      return ok(row, status === 'RELEASED' ? '发布成功' : '已撤回');
    },
  );

  r.post(
    '/rest/noticeService/SyncNoticeByIds',
    {
      config: { permission: NOTICE_PERMISSIONS.sync },
      schema: {
        tags: [TAG],
        summary: '按当前受众重新投递已发布的通知（幂等：不会重复投递）',
        description: '新加入受众的用户收到通知；已不在受众中的用户，未读的通知被收回，已读的保留为阅读记录。',
        body: z.object({ ids: z.array(zId, { error: '请选择要同步的通知' }).min(1, '请选择要同步的通知').max(100, '一次最多同步 100 条通知') }),
        response: { 200: envelopeOf(z.object({ notices: z.number(), delivered: z.number(), withdrawn: z.number() })) },
      },
    },
    async (request) => {
      const result = await notices.sync(request.body.ids, changeOf(request));
      return ok(result, `同步完成：新投递 ${result.delivered} 人，收回 ${result.withdrawn} 人`);
    },
  );

  r.post(
    '/rest/noticeService/deleteNoticeById',
    {
      config: { permission: NOTICE_PERMISSIONS.del },
      schema: {
        tags: [TAG],
        summary: '删除通知（逻辑删除；已发布的通知删除后所有人立即看不到）',
        body: z.object({ noticeId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await notices.remove(request.body.noticeId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/noticeService/deleteNoticeByIds',
    {
      config: { permission: NOTICE_PERMISSIONS.del },
      schema: {
        tags: [TAG],
        summary: '批量删除通知（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的通知' }).min(1, '请选择要删除的通知').max(500, '一次最多删除 500 条通知') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await notices.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );
}
