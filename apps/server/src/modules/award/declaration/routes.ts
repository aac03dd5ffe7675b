import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declareCalls } from '@dandelion/shared/award/declaration';
import { formalReviewCalls, levelReviewCalls, officeDeclarationCalls, revocationCalls } from '@dandelion/shared/award/declarationReview';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { ApplicantService } from './applicant';
import { viewerOfPrincipal, type Viewer } from './context';
import type { OfficeService } from './office';
import type { ReviewService } from './review';
import type { RevocationService } from './revocation';

export const viewerOf = (request: FastifyRequest): Viewer => viewerOfPrincipal(request.principal!, changeOf(request));

interface Services {
  applicant: ApplicantService;
  review: ReviewService;
  revocation: RevocationService;
  office: OfficeService;
}

/** /rest/declare/*, /rest/result/*Revocation, /rest/auditPrize/*: contract in, one service call, the answer out. */
export function registerDeclarationRoutes(app: FastifyInstance, { applicant, review, revocation, office }: Services) {
  serve(app, declareCalls.mine, async (request) => ok(await applicant.mine(viewerOf(request), request.body.status, request.body.pageParameter)));
  serve(app, declareCalls.add, async (request) => ok(await applicant.add(viewerOf(request), request.body.editionId, request.body.prizeId), '已创建申报书草稿'));
  serve(app, declareCalls.detail, async (request) => ok(await applicant.detail(viewerOf(request), request.body.declarationId)));
  serve(app, declareCalls.saveSection, async (request) => {
    const { declarationId, lockVersion, section, content } = request.body;
    return ok(await applicant.saveSection(viewerOf(request), declarationId, lockVersion, { section, content } as Parameters<ApplicantService['saveSection']>[3]), '保存成功');
  });
  serve(app, declareCalls.remove, async (request) => {
    await applicant.remove(viewerOf(request), request.body.declarationId, request.body.lockVersion);
    return ok(null, '删除成功');
  });
  serve(app, declareCalls.check, async (request) => {
    const result = await applicant.check(viewerOf(request), request.body.declarationId);
    return ok(result, result.ok ? '检查通过，可以提交' : `还有 ${result.problems.length} 个问题需要处理`);
  });
  serve(app, declareCalls.submit, async (request) => ok(await applicant.submit(viewerOf(request), request.body.declarationId, request.body.lockVersion), '提交成功'));
  serve(app, declareCalls.history, async (request) => ok(await applicant.history(viewerOf(request), request.body.declarationId)));
  serve(app, declareCalls.orgOptions, async (request) => ok(await applicant.orgOptions(request.body.kind, request.body.keyword)));

  serve(app, revocationCalls.submit, async (request) => {
    const result = await revocation.submit(viewerOf(request), request.body.declarationId, request.body.reason);
    return ok(result, result.immediate ? '已撤回' : '撤回申请已提交，等待审核');
  });
  serve(app, revocationCalls.decide, async (request) => {
    const { declarationId, lockVersion, approve, opinion } = request.body;
    return ok(await revocation.decide(viewerOf(request), declarationId, lockVersion, approve, opinion), approve ? '已同意撤回' : '已不同意撤回');
  });

  serve(app, levelReviewCalls.unitPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await review.unitPage(viewerOf(request), filter, pageParameter));
  });
  serve(app, levelReviewCalls.unitReview, async (request) => {
    const { declarationId, lockVersion, ...decision } = request.body;
    return ok(await review.unitReview(viewerOf(request), declarationId, lockVersion, decision), decision.decision === 'APPROVE' ? '审核通过' : '已退回修改');
  });
  serve(app, levelReviewCalls.nominationPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await review.nominationPage(viewerOf(request), filter, pageParameter));
  });
  serve(app, levelReviewCalls.nominate, async (request) => {
    const { declarationId, lockVersion, ...decision } = request.body;
    return ok(await review.nominate(viewerOf(request), declarationId, lockVersion, decision), decision.decision === 'APPROVE' ? '已同意提名' : '已退回修改');
  });
  serve(app, formalReviewCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await review.formalPage(viewerOf(request), filter, pageParameter));
  });
  serve(app, formalReviewCalls.audit, async (request) => {
    const { declarationId, lockVersion, ...decision } = request.body;
    const messages = { ACCEPT: '已受理', RETURN_FOR_FIX: '已退回限期修改', REJECT: '已不予受理' } as const;
    return ok(await review.audit(viewerOf(request), declarationId, lockVersion, decision), messages[decision.outcome]);
  });
  serve(app, formalReviewCalls.changes, async (request) => ok(await review.changes(viewerOf(request), request.body.declarationId)));

  serve(app, officeDeclarationCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await office.page(viewerOf(request), filter, pageParameter));
  });
  serve(app, officeDeclarationCalls.counts, async (request) => ok(await office.counts(request.body)));
  serve(app, officeDeclarationCalls.exportList, async (request, reply) => sendWorkbook(reply, '申报书列表', 'declarations', await office.exportDeclarations(viewerOf(request), request.body)));
  serve(app, officeDeclarationCalls.exportCompleters, async (request, reply) => sendWorkbook(reply, '主要完成人', 'completers', await office.exportCompleters(request.body)));
}
