import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expertCalls, expertSelfCalls } from '@dandelion/shared/award/expert';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { attachmentHeader, sendWorkbook, XLSX_MIME } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { Who } from './context';
import type { ExpertWorkbooks } from './excel';
import type { InvitationService } from './invitation';
import type { OfficeService } from './office';
import type { SelfService } from './self';

const whoOf = (request: FastifyRequest): Who => ({ change: changeOf(request), name: request.principal!.realname || request.principal!.username });

/** The workbook travels as base64 inside JSON, so the import accepts up to ~3 MB. */
const IMPORT_BODY_LIMIT = 3 * 1024 * 1024;
/** Who opens invitation links: a link is 256 random bits, the limit keeps a scan pointless and cheap. */
const INVITATION_RATE = { rateLimit: { max: 30, timeWindow: 60_000 } };

interface Services {
  workbooks: ExpertWorkbooks;
  office: OfficeService;
  self: SelfService;
  invitations: InvitationService;
}

/** /rest/expert/*: contract in, one service call, the answer out. */
export function registerExpertRoutes(app: FastifyInstance, { workbooks, office, self, invitations }: Services) {
  serve(app, expertCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await office.page(filter, pageParameter));
  });
  serve(app, expertCalls.detail, async (request) => ok(await office.detail(request.body.expertId)));
  serve(app, expertCalls.add, async (request) => ok(await office.add(whoOf(request), request.body), '新增成功'));
  serve(app, expertCalls.update, async (request) => {
    const { expertId, lockVersion, ...profile } = request.body;
    return ok(await office.update(whoOf(request), expertId, lockVersion, profile), '修改成功');
  });
  serve(app, expertCalls.audit, async (request) => {
    const { expertId, lockVersion, approve, reason } = request.body;
    return ok(await office.audit(whoOf(request), expertId, lockVersion, approve, reason), approve ? '审核通过，专家已入库' : '已审核不通过');
  });
  serve(app, expertCalls.suspend, async (request) => {
    const { expertId, lockVersion, reason, until } = request.body;
    return ok(await office.suspend(whoOf(request), expertId, lockVersion, reason, until), '已暂停');
  });
  serve(app, expertCalls.resume, async (request) => ok(await office.resume(whoOf(request), request.body.expertId, request.body.lockVersion, request.body.reason), '已恢复'));
  serve(app, expertCalls.blacklist, async (request) => {
    const { expertId, lockVersion, ...input } = request.body;
    return ok(await office.blacklist(whoOf(request), expertId, lockVersion, input), '已列入黑名单');
  });
  serve(app, expertCalls.unblacklist, async (request) => ok(await office.unblacklist(whoOf(request), request.body.expertId, request.body.lockVersion, request.body.reason), '已解除黑名单'));
  serve(app, expertCalls.requestDeletion, async (request) =>
    ok(await office.requestDeletion(whoOf(request), request.body.expertId, request.body.lockVersion, request.body.reason), '删除申请已提交，等待审核'),
  );
  serve(app, expertCalls.reviewDeletion, async (request) => {
    const { expertId, lockVersion, approve, reason } = request.body;
    return ok(await office.reviewDeletion(whoOf(request), expertId, lockVersion, approve, reason), approve ? '已删除' : '已不同意删除');
  });
  serve(app, expertCalls.history, async (request) => ok(await office.history(request.body.expertId)));

  serve(app, expertCalls.exportList, async (request, reply) => sendWorkbook(reply, '专家库', 'experts', await workbooks.export(request.body)));
  serve(app, expertCalls.importTemplate, async (_request, reply) =>
    reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('专家导入模板.xlsx', 'expert_import_template.xlsx')).send(await workbooks.template()),
  );
  serve(
    app,
    expertCalls.importList,
    async (request) => {
      const content = request.body.contentBase64.replace(/^data:[^,]*,/, '');
      if (!/^[A-Za-z0-9+/=\s]+$/.test(content)) throw errors.badRequest('文件内容不是有效的 base64');
      const result = await workbooks.import(Buffer.from(content, 'base64'), whoOf(request));
      return ok(result, `成功导入 ${result.imported} 位专家`);
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  serve(app, expertCalls.invite, async (request) => ok(await invitations.invite(whoOf(request), request.body), '邀请已发出'));

  serve(app, expertSelfCalls.myProfile, async (request) => ok(await self.myProfile(whoOf(request))));
  serve(app, expertSelfCalls.saveMyProfile, async (request) => {
    const { lockVersion, ...profile } = request.body;
    return ok(await self.save(whoOf(request), profile, lockVersion), '保存成功');
  });
  serve(app, expertSelfCalls.submitMyProfile, async (request) => ok(await self.submit(whoOf(request), request.body.lockVersion), '已提交审核'));
  serve(app, expertSelfCalls.invitation, async (request) => ok(await invitations.invitation(request.body.token)), { config: INVITATION_RATE });
  serve(app, expertSelfCalls.acceptInvitation, async (request) => ok(await invitations.accept(whoOf(request), request.body.token), '已接受邀请，请完善专家资料并提交审核'), { config: INVITATION_RATE });
}
