/**
 * The committee stage (评审委员会, issue 18; DOMAIN.md "Scoring and aggregation", last bullet). The
 * prize office sets up a sitting per edition and prize with the declarations the review sent on
 * (REVIEWED), their aggregated scores and proposed grades, picks the members, opens and closes the
 * vote and exports the sheets (/rest/committee/*). Members vote per declaration while the sitting is
 * open (/rest/committeeVote/*). The rule is committeeRule.ts.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { COMMITTEE_RATIOS, COMMITTEE_VOTE_CHOICES } from './committeeRule';
import { DECLARATION_STATUSES } from './declaration';
import { PRIZE_GRADES } from './prize';

export * from './committeeRule';

/** The prize office's: sittings, their members and declarations, opening and closing the vote, the sheets. */
export const COMMITTEE_PERMISSIONS = permissionsOf('award:committee', ['list', 'detail', 'add', 'upd', 'del', 'open', 'close', 'export', 'settings']);
/** A member's (role COMMITTEE): the sittings they belong to and their votes. */
export const COMMITTEE_VOTE_PERMISSIONS = permissionsOf('award:committeeVote', ['mine', 'vote']);
/** The role the office picks members from. */
export const COMMITTEE_ROLE_CODE = 'COMMITTEE';

export const SITTING_STATUSES = ['DRAFT', 'VOTING', 'CLOSED'] as const;
export type SittingStatus = (typeof SITTING_STATUSES)[number];
export const SITTING_STATUS_LABELS: Readonly<Record<SittingStatus, string>> = { DRAFT: '筹备中', VOTING: '投票中', CLOSED: '已结束' };

export const COMMITTEE_MEMBERS_MAX = 99;
const tag = '评审委员会';
const zGrade = z.enum(PRIZE_GRADES, { error: '等级不正确' });
const zRatio = (what: string) => z.enum(COMMITTEE_RATIOS, { error: `请选择${what}` });
const sittingRef = z.object({ sittingId: zId });

export const committeeSettings = z.object({ quorumRatio: zRatio('法定人数比例'), passRatio: zRatio('通过比例') });
export const committeeDefaults = committeeSettings.extend({ lockVersion: z.number().int() });
export const committeeDefaultsBody = committeeSettings.extend({ lockVersion: zLockVersion });

export const sittingBody = committeeSettings.partial().extend({
  editionId: zId,
  prizeId: zId,
  title: z.string({ error: '请输入会议名称' }).trim().min(1, '请输入会议名称').max(100, '会议名称不能超过100个字符'),
  memberIds: z.array(zId, { error: '请选择委员' }).min(1, '请选择委员').max(COMMITTEE_MEMBERS_MAX, `委员不能超过${COMMITTEE_MEMBERS_MAX}人`),
});
export type SittingValues = z.input<typeof sittingBody>;

export const sittingUpdateBody = sittingBody.omit({ editionId: true, prizeId: true }).extend({ sittingId: zId, lockVersion: zLockVersion });

export const sittingFilter = z.object({
  pageParameter: zPageParameter,
  editionId: zId.optional(),
  prizeId: zId.optional(),
  status: z.enum(SITTING_STATUSES, { error: '状态不正确' }).optional(),
  title: z.string().trim().max(100).optional(),
});

export const sittingRow = z.object({
  id: zId,
  editionId: zId,
  editionName: z.string().nullable(),
  prizeId: zId,
  prizeName: z.string().nullable(),
  title: z.string(),
  status: z.enum(SITTING_STATUSES),
  quorumRatio: z.enum(COMMITTEE_RATIOS),
  passRatio: z.enum(COMMITTEE_RATIOS),
  memberCount: z.number().int(),
  itemCount: z.number().int(),
  openedAt: zDateTime.nullable(),
  closedAt: zDateTime.nullable(),
  lockVersion: z.number().int(),
  createTime: zDateTime,
});

const memberCard = z.object({ userId: zId, name: z.string() });

/** A declaration before the committee: the review's figures and the grade put to the vote. */
export const sittingItem = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  declarationStatus: z.enum(DECLARATION_STATUSES).nullable(),
  /** The expert review's aggregated group score (the review-result page's figure); null: none submitted. */
  groupScore: z.number().nullable(),
  reviewCount: z.number().int(),
  /** The grade most experts suggested. */
  suggestedGrade: zGrade.nullable(),
  proposedGrade: zGrade.nullable(),
  /** How many members have voted on it. */
  votes: z.number().int(),
});

export const sittingDetail = sittingRow.extend({
  prizeGrades: z.array(zGrade),
  members: z.array(memberCard.extend({ voted: z.number().int() })),
  items: z.array(sittingItem),
});

const gradeTest = z.object({ grade: zGrade, support: z.number().int(), passed: z.boolean() });

/** One declaration's result: live while voting, as stored once closed. */
export const resultRow = z.object({
  declarationId: zId,
  title: z.string().nullable(),
  registrationNo: z.string().nullable(),
  groupScore: z.number().nullable(),
  proposedGrade: zGrade.nullable(),
  present: z.number().int(),
  needed: z.number().int(),
  quorum: z.boolean(),
  agree: z.number().int(),
  notAward: z.number().int(),
  otherGrades: z.array(z.object({ grade: zGrade, count: z.number().int() })),
  tests: z.array(gradeTest),
  /** The committee's grade; null: not proposed (or no quorum yet). */
  resultGrade: zGrade.nullable(),
});

export const sittingResults = z.object({
  sittingId: zId,
  title: z.string(),
  status: z.enum(SITTING_STATUSES),
  /** true once closed: the rows are what was recorded, not a live count. */
  recorded: z.boolean(),
  members: z.number().int(),
  quorumRatio: z.enum(COMMITTEE_RATIOS),
  passRatio: z.enum(COMMITTEE_RATIOS),
  rows: z.array(resultRow),
});

export const proposedGradeBody = z.object({ sittingId: zId, declarationId: zId, grade: z.enum(PRIZE_GRADES, { error: '请选择拟授奖等级' }) });

export const voteBody = z
  .object({
    sittingId: zId,
    declarationId: zId,
    choice: z.enum(COMMITTEE_VOTE_CHOICES, { error: '请选择表决意见' }),
    grade: z.enum(PRIZE_GRADES, { error: '请选择建议的等级' }).nullish(),
    comment: z.string({ error: '说明格式不正确' }).trim().max(500, '说明不能超过500个字符').nullish(),
  })
  .refine((v) => v.choice !== 'OTHER_GRADE' || !!v.grade, { message: '请选择建议的等级', path: ['grade'] });
export type VoteValues = z.input<typeof voteBody>;

export const myVote = z.object({ choice: z.enum(COMMITTEE_VOTE_CHOICES), grade: zGrade.nullable(), comment: z.string().nullable(), updateTime: zDateTime });

export const mySitting = sittingRow.pick({ id: true, editionName: true, prizeName: true, title: true, status: true, openedAt: true, closedAt: true }).extend({
  prizeGrades: z.array(zGrade),
  items: z.array(sittingItem.omit({ votes: true }).extend({ myVote: myVote.nullable() })),
});

export const mySittingRow = sittingRow.pick({ id: true, editionName: true, prizeName: true, title: true, status: true, openedAt: true, closedAt: true }).extend({
  itemCount: z.number().int(),
  myVotes: z.number().int(),
});

export const committeeCalls = {
  page: defineCall({
    method: 'POST', path: '/rest/committee/getSittingPage', access: COMMITTEE_PERMISSIONS.list, tag,
    summary: '评审委员会会议分页（按届次、奖种、状态、名称筛选）',
    body: sittingFilter, response: pageOf(sittingRow),
  }),
  detail: defineCall({
    method: 'POST', path: '/rest/committee/getSitting', access: COMMITTEE_PERMISSIONS.detail, tag,
    summary: '会议详情：委员及各自已投票数、上会申报书（专家评审汇总分、评审数、专家建议等级、拟授奖等级、已投票数）',
    body: sittingRef, response: sittingDetail,
  }),
  candidates: defineCall({
    method: 'POST', path: '/rest/committee/getMemberCandidates', access: COMMITTEE_PERMISSIONS.add, tag,
    summary: '可选委员：持有评审委员会委员角色的用户（按姓名或账号筛选，最多50人）',
    body: z.object({ keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional() }),
    response: z.array(memberCard),
  }),
  add: defineCall({
    method: 'POST', path: '/rest/committee/addSitting', access: COMMITTEE_PERMISSIONS.add, tag,
    summary: '新建会议：届次×奖种下专家评审已通过的申报书全部上会（转入评审委员会评审），拟授奖等级预填专家多数建议等级',
    body: sittingBody, response: sittingDetail,
  }),
  update: defineCall({
    method: 'POST', path: '/rest/committee/updateSitting', access: COMMITTEE_PERMISSIONS.upd, tag,
    summary: '修改会议名称、委员、法定人数与通过比例（仅筹备中）',
    body: sittingUpdateBody, response: sittingDetail,
  }),
  addDeclarations: defineCall({
    method: 'POST', path: '/rest/committee/addDeclarations', access: COMMITTEE_PERMISSIONS.upd, tag,
    summary: '补充上会：此后专家评审通过的申报书转入本会议（仅筹备中）',
    body: sittingRef, response: z.object({ added: z.number().int() }),
  }),
  setProposedGrade: defineCall({
    method: 'POST', path: '/rest/committee/setProposedGrade', access: COMMITTEE_PERMISSIONS.upd, tag,
    summary: '修改一份上会申报书的拟授奖等级（仅筹备中，须为该奖种的等级）',
    body: proposedGradeBody, response: z.null(),
  }),
  del: defineCall({
    method: 'POST', path: '/rest/committee/deleteSitting', access: COMMITTEE_PERMISSIONS.del, tag,
    summary: '删除尚无申报书上会的会议',
    body: sittingRef.extend({ lockVersion: zLockVersion }), response: z.null(),
  }),
  open: defineCall({
    method: 'POST', path: '/rest/committee/openVoting', access: COMMITTEE_PERMISSIONS.open, tag,
    summary: '开始投票：须有委员、有上会申报书且每份都有拟授奖等级；此后委员、申报书与等级不再修改',
    body: sittingRef, response: z.null(),
  }),
  close: defineCall({
    method: 'POST', path: '/rest/committee/closeVoting', access: COMMITTEE_PERMISSIONS.close, tag,
    summary: '结束投票：每份申报书须达到法定人数，按三分之二规则计算并记录结果，申报书转入拟授奖或不予授奖；结束后投票不可更改',
    body: sittingRef, response: sittingResults,
  }),
  results: defineCall({
    method: 'POST', path: '/rest/committee/getResults', access: COMMITTEE_PERMISSIONS.detail, tag,
    summary: '表决结果：投票中为实时计票，结束后为记录的结果',
    body: sittingRef, response: sittingResults,
  }),
  exportVotes: defineCall({
    method: 'POST', path: '/rest/committee/exportVotes', access: COMMITTEE_PERMISSIONS.export, tag,
    summary: '导出投票表（委员×申报书，.xlsx）',
    body: sittingRef, answer: 'raw',
  }),
  exportResults: defineCall({
    method: 'POST', path: '/rest/committee/exportResults', access: COMMITTEE_PERMISSIONS.export, tag,
    summary: '导出表决结果表（.xlsx）',
    body: sittingRef, answer: 'raw',
  }),
  getDefaults: defineCall({
    method: 'POST', path: '/rest/committee/getDefaults', access: COMMITTEE_PERMISSIONS.settings, tag,
    summary: '新会议的默认法定人数比例与通过比例',
    body: z.object({}), response: committeeDefaults,
  }),
  saveDefaults: defineCall({
    method: 'POST', path: '/rest/committee/saveDefaults', access: COMMITTEE_PERMISSIONS.settings, tag,
    summary: '保存新会议的默认法定人数比例与通过比例',
    body: committeeDefaultsBody, response: committeeDefaults,
  }),
};

export const committeeVoteCalls = {
  mine: defineCall({
    method: 'POST', path: '/rest/committeeVote/getMySittings', access: COMMITTEE_VOTE_PERMISSIONS.mine, tag,
    summary: '我参加的评审委员会会议（投票中与已结束）',
    body: z.object({ pageParameter: zPageParameter }), response: pageOf(mySittingRow),
  }),
  sitting: defineCall({
    method: 'POST', path: '/rest/committeeVote/getMySitting', access: COMMITTEE_VOTE_PERMISSIONS.mine, tag,
    summary: '我参加的一次会议：上会申报书（专家评审汇总分、拟授奖等级）与我的投票',
    body: sittingRef, response: mySitting,
  }),
  vote: defineCall({
    method: 'POST', path: '/rest/committeeVote/vote', access: COMMITTEE_VOTE_PERMISSIONS.vote, tag,
    summary: '对一份申报书投票：同意拟授奖等级、建议其他等级或不予授奖；投票中可改，结束后不可改',
    body: voteBody, response: myVote,
  }),
};
