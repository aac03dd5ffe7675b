import type { FastifyInstance, FastifyRequest } from 'fastify';
import { committeeCalls, committeeVoteCalls } from '@dandelion/shared/award/committee';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { sendWorkbook } from '../../../core/excel';
import { serve } from '../../../core/route';
import { resultWorkbook, voteWorkbook } from './export';
import type { CommitteeService, Officer } from './service';
import type { CommitteeVoteService, Member } from './votes';

const officerOf = (request: FastifyRequest): Officer => ({ change: changeOf(request), name: request.principal!.realname || request.principal!.username });
const memberOf = (request: FastifyRequest): Member => ({ userId: request.principal!.userId, change: changeOf(request) });

/** /rest/committee/* (the office) and /rest/committeeVote/* (members): contract in, one service call, the answer out. */
export function registerCommitteeRoutes(app: FastifyInstance, { sittings, votes }: { sittings: CommitteeService; votes: CommitteeVoteService }) {
  serve(app, committeeCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await sittings.page(filter, pageParameter));
  });
  serve(app, committeeCalls.detail, async (request) => ok(await sittings.detail(request.body.sittingId)));
  serve(app, committeeCalls.candidates, async (request) => ok(await sittings.candidates(request.body.keyword)));
  serve(app, committeeCalls.add, async (request) => {
    const { editionId, prizeId, title, memberIds, quorumRatio, passRatio } = request.body;
    const created = await sittings.add(officerOf(request), { editionId, prizeId, title, memberIds, quorumRatio, passRatio });
    return ok(created, `会议已创建，${created.items.length} 份申报书上会`);
  });
  serve(app, committeeCalls.update, async (request) => {
    const { sittingId, lockVersion, ...input } = request.body;
    return ok(await sittings.update(officerOf(request), sittingId, lockVersion, input), '保存成功');
  });
  serve(app, committeeCalls.addDeclarations, async (request) => {
    const added = await sittings.addDeclarations(officerOf(request), request.body.sittingId);
    return ok({ added }, added ? `已补充 ${added} 份申报书上会` : '没有新的专家评审通过的申报书');
  });
  serve(app, committeeCalls.setProposedGrade, async (request) => {
    const { sittingId, declarationId, grade } = request.body;
    await sittings.setProposedGrade(officerOf(request), sittingId, declarationId, grade);
    return ok(null, '拟授奖等级已修改');
  });
  serve(app, committeeCalls.del, async (request) => {
    await sittings.remove(officerOf(request), request.body.sittingId, request.body.lockVersion);
    return ok(null, '删除成功');
  });
  serve(app, committeeCalls.open, async (request) => {
    await sittings.open(officerOf(request), request.body.sittingId);
    return ok(null, '已开始投票');
  });
  serve(app, committeeCalls.close, async (request) => ok(await sittings.close(officerOf(request), request.body.sittingId), '投票已结束，结果已记录'));
  serve(app, committeeCalls.results, async (request) => ok(await sittings.results(request.body.sittingId)));
  serve(app, committeeCalls.exportVotes, async (request, reply) => {
    const detail = await sittings.detail(request.body.sittingId);
    return sendWorkbook(reply, `投票表_${detail.title}`, 'committee_votes', await voteWorkbook(detail, await sittings.castVotes(detail.id)));
  });
  serve(app, committeeCalls.exportResults, async (request, reply) => {
    const results = await sittings.results(request.body.sittingId);
    return sendWorkbook(reply, `表决结果_${results.title}`, 'committee_results', await resultWorkbook(results));
  });
  serve(app, committeeCalls.getDefaults, async () => ok(await sittings.defaults()));
  serve(app, committeeCalls.saveDefaults, async (request) => {
    const { lockVersion, ...fields } = request.body;
    return ok(await sittings.saveDefaults(officerOf(request), lockVersion, fields), '保存成功');
  });

  serve(app, committeeVoteCalls.mine, async (request) => ok(await votes.mine(memberOf(request), request.body.pageParameter)));
  serve(app, committeeVoteCalls.sitting, async (request) => ok(await votes.sitting(memberOf(request), request.body.sittingId)));
  serve(app, committeeVoteCalls.vote, async (request) => {
    const { sittingId, declarationId, ...ballot } = request.body;
    return ok(await votes.vote(memberOf(request), sittingId, declarationId, ballot), '投票已保存');
  });
}
