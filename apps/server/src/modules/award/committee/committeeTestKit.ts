/** Fixtures of the committee tests: an edition of 自然科学奖 with reviewed declarations, experts' reviews and committee members. */
import ExcelJS from 'exceljs';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { day } from '../declaration/declarationTestKit';
import { createScoringWorld, declarationInReview, groupWithAssignments, newExpert, PASSWORD, submitReview, type ScoringWorld } from '../scoring/scoringTestKit';

export interface CommitteeWorld extends ScoringWorld {
  /** Three members M1..M3 and an outsider, all holding COMMITTEE. */
  members: Array<{ id: number; headers: Record<string, string> }>;
  outsider: { id: number; headers: Record<string, string> };
  /** D1..D3 decided REVIEWED after the experts' reviews; D4 still in review. */
  d: number[];
}

let accounts = 0;

export async function committeeMember(world: ScoringWorld, roleCodes = ['COMMITTEE']) {
  const username = `cmember${++accounts}`;
  const user = await createAccount(world.ctx.database, { username, password: PASSWORD, roleCodes });
  return { id: user.id, headers: { authorization: await signIn(world.ctx.app, username, PASSWORD) } };
}

/**
 * The fixture, hand-checked (ZRKX grades FIRST, SECOND, THIRD; trimmed mean of three drops the highest and lowest):
 *   D1 totals 90 88 86, suggested FIRST FIRST SECOND → score 88, most suggested FIRST
 *   D2 totals 80 70 75, suggested SECOND SECOND THIRD → score 75, SECOND
 *   D3 totals 60 65 70, suggested THIRD SECOND (none) → score 65, a tie goes to the higher: SECOND
 *   D4 in review (never decided): not brought before the committee.
 */
export async function createCommitteeWorld(): Promise<CommitteeWorld> {
  const world = await createScoringWorld();
  const edition = await world.call(
    '/rest/edition/add',
    {
      year: 2042,
      editionName: '2042年度科学技术奖',
      prizeIds: [String(world.prizeId)],
      stages: [
        { stage: 'DECLARATION', startDate: day(-30), endDate: day(-20) },
        { stage: 'FORMAL_REVIEW', startDate: day(-19), endDate: day(-10) },
      ],
      unitReview: false,
      nominatorReview: false,
      fixDeadlineWorkingDays: 5,
      eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 0, excludeNotAwardedLastEdition: false },
      guide: null,
    },
    world.admin,
  );
  if (edition.status !== 200) throw new Error(JSON.stringify(edition.body));
  world.editionId = Number(edition.body.data.editionId);

  const experts = [await newExpert(world, '甲专家'), await newExpert(world, '乙专家'), await newExpert(world, '丙专家')];
  const d: number[] = [];
  for (const title of ['项目一', '项目二', '项目三', '项目四']) d.push(await declarationInReview(world, title));
  const ids = experts.map((e) => e.expertId);
  const group = await groupWithAssignments(world, '委员会组', d.map((declarationId) => ({ declarationId, expertIds: ids })));
  const plan: Array<[number, number[], Array<string | null>]> = [
    [d[0]!, [90, 88, 86], ['FIRST', 'FIRST', 'SECOND']],
    [d[1]!, [80, 70, 75], ['SECOND', 'SECOND', 'THIRD']],
    [d[2]!, [60, 65, 70], ['THIRD', 'SECOND', null]],
  ];
  for (const [declarationId, totals, grades] of plan) {
    for (const [k, expert] of experts.entries()) {
      await submitReview(world, expert, group.assignment(declarationId, expert.expertId), totals[k]!, { suggestedGrade: grades[k] });
    }
  }
  const decided = await world.call('/rest/reviewResult/decide', { declarationIds: d.slice(0, 3).map(String), decision: 'REVIEWED' }, world.office);
  if (decided.status !== 200) throw new Error(JSON.stringify(decided.body));

  const members = [await committeeMember(world), await committeeMember(world), await committeeMember(world)];
  const outsider = await committeeMember(world);
  return Object.assign(world, { members, outsider, d });
}

/** Downloads an export and opens it. */
export async function workbookOf(world: ScoringWorld, url: string, body: unknown, headers: Record<string, string>) {
  const res = await world.ctx.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  if (res.statusCode !== 200) throw new Error(res.body);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { book, headers: res.headers };
}
