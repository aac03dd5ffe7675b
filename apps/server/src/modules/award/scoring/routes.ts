import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expertReviewCalls, reviewResultCalls, REVIEW_DECISION_LABELS } from '@dandelion/shared/award/scoring';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import type { ExpertReviewService, Reviewer } from './expertReview';
import { resultWorkbook } from './export';
import type { Officer, ReviewResultService } from './result';

const nameOf = (request: FastifyRequest) => request.principal!.realname || request.principal!.username;
const reviewerOf = (request: FastifyRequest): Reviewer => ({ userId: request.principal!.userId, change: changeOf(request) });
const officerOf = (request: FastifyRequest): Officer => ({ change: changeOf(request), name: nameOf(request) });

/** /rest/expertReview/* and /rest/reviewResult/*: contract in, one service call, the answer out. */
export function registerScoringRoutes(app: FastifyInstance, { expert, result }: { expert: ExpertReviewService; result: ReviewResultService }) {
  serve(app, expertReviewCalls.getMyReview, async (request) => ok(await expert.getMyReview(reviewerOf(request), request.body.assignmentId)));
  serve(app, expertReviewCalls.getDeclaration, async (request) => ok(await expert.getDeclaration(reviewerOf(request), request.body.assignmentId, nameOf(request))));
  serve(app, expertReviewCalls.save, async (request) => {
    const { assignmentId, lockVersion, ...input } = request.body;
    return ok(await expert.save(reviewerOf(request), assignmentId, lockVersion, input), '已暂存');
  });
  serve(app, expertReviewCalls.submit, async (request) => {
    const { assignmentId, lockVersion, ...input } = request.body;
    return ok(await expert.submit(reviewerOf(request), assignmentId, lockVersion, input), '评分已提交');
  });
  serve(app, expertReviewCalls.getPeerScores, async (request) => ok(await expert.getPeerScores(reviewerOf(request), request.body.assignmentId)));

  serve(app, reviewResultCalls.groups, async (request) => ok(await result.groups(request.body)));
  serve(app, reviewResultCalls.getGroupResult, async (request) => ok(await result.groupResult(request.body.groupId)));
  serve(app, reviewResultCalls.getSettings, async (request) => ok(await result.settings(request.body.groupId)));
  serve(app, reviewResultCalls.saveSettings, async (request) => {
    const { groupId, ...fields } = request.body;
    return ok(await result.saveSettings(officerOf(request), groupId, fields), '保存成功');
  });
  serve(app, reviewResultCalls.reopen, async (request) => {
    await result.reopen(officerOf(request), request.body.assignmentId, request.body.reason);
    return ok(null, '已重开评分');
  });
  serve(app, reviewResultCalls.decide, async (request) => {
    const { declarationIds, decision, opinion } = request.body;
    const decided = await result.decide(officerOf(request), declarationIds, decision, opinion ?? null);
    return ok({ decided }, `已${REVIEW_DECISION_LABELS[decision]} ${decided} 份申报书`);
  });
  serve(app, reviewResultCalls.export, async (request, reply) => {
    const data = await result.groupResult(request.body.groupId);
    return sendWorkbook(reply, `评审结果_${data.groupName}`, 'review_result', await resultWorkbook(data));
  });
}
