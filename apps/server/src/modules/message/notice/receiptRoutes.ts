import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { Directory } from '../directory';
import type { ReceiptService } from './receipts';
import { NOTICE_PERMISSIONS } from '@dandelion/shared';
import { zReadFlag } from './schemas';

const TAG = '通知公告';

const receiptFilter = z.object({ noticeId: zId, readFlag: zReadFlag.optional(), keyword: z.string().trim().max(64).optional() });

export const directoryUserSchema = z.object({ userId: zId, username: z.string(), realname: z.string().nullable(), orgName: z.string().nullable() });

/** Read receipts and the audience pickers of the notice form. */
export function registerReceiptRoutes(app: FastifyInstance, { receipts, directory }: { receipts: ReceiptService; directory: Directory }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/noticeService/getReadReceiptSummary',
    {
      config: { permission: NOTICE_PERMISSIONS.receipt },
      schema: {
        tags: [TAG],
        summary: '通知的阅读情况汇总：投递人数、已读人数、未读人数',
        body: z.object({ noticeId: zId }),
        response: {
          200: envelopeOf(
            z.object({
              noticeId: zId,
              title: z.string(),
              status: z.string(),
              publishTime: zDateTime.nullable(),
              expireTime: zDateTime.nullable(),
              deliveredCount: z.number(),
              readCount: z.number(),
              unreadCount: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await receipts.summary(request.body.noticeId)),
  );

  r.post(
    '/rest/noticeService/getReadReceiptByPage',
    {
      config: { permission: NOTICE_PERMISSIONS.receipt },
      schema: {
        tags: [TAG],
        summary: '通知的阅读情况明细（未读在前）：按阅读状态、用户名/姓名/机构筛选',
        body: receiptFilter.extend({ pageParameter: zPageParameter }),
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                userId: zId,
                username: z.string(),
                realname: z.string().nullable(),
                orgName: z.string().nullable(),
                deliverTime: zDateTime,
                readTime: zDateTime.nullable(),
                readFlag: zReadFlag,
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { pageParameter, noticeId, ...filter } = request.body;
      return ok(await receipts.page(noticeId, filter, pageParameter));
    },
  );

  r.post(
    '/rest/noticeService/exportReadReceipt',
    {
      config: { permission: NOTICE_PERMISSIONS.receipt },
      schema: { tags: [TAG], summary: '导出通知的阅读情况（Excel，按当前筛选，最多 10000 行）', body: receiptFilter },
    },
    async (request, reply) => {
      const { noticeId, ...filter } = request.body;
      const { title, file } = await receipts.export(noticeId, filter);
      return sendWorkbook(reply, `阅读情况_${title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 40)}`, 'notice-receipts', file);
    },
  );

  r.post(
    '/rest/noticeService/getAudienceOptions',
    {
      config: { permission: NOTICE_PERMISSIONS.list },
      schema: {
        tags: [TAG],
        summary: '通知对象的可选项：启用的角色、全部机构（扁平，含上级编号）',
        response: {
          200: envelopeOf(
            z.object({
              roles: z.array(z.object({ roleId: zId, roleCode: z.string(), roleName: z.string() })),
              orgs: z.array(z.object({ orgId: zId, orgName: z.string(), parentOrgId: zId.nullable() })),
            }),
          ),
        },
      },
    },
    async () => ok({ roles: await directory.roles(), orgs: await directory.orgs() }),
  );

  r.post(
    '/rest/noticeService/searchAudienceUsers',
    {
      config: { permission: NOTICE_PERMISSIONS.list },
      schema: {
        tags: [TAG],
        summary: '按用户名、姓名或手机号查找用户（最多 20 个），或按编号取已选用户的名称',
        body: z.object({ keyword: z.string().trim().max(64).optional(), userIds: z.array(zId).max(5000).optional() }),
        response: { 200: envelopeOf(z.array(directoryUserSchema)) },
      },
    },
    async (request) => ok(await directory.searchUsers(request.body)),
  );
}
