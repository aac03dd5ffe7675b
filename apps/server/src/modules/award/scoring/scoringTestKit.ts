/** Fixtures of the scoring tests: a prize office, experts with accounts, declarations in review, groups and accepted assignments. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { DECLARATION_SECTIONS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { assignmentDirectory } from '../assignment/module';
import { awardDeclaration } from '../declaration/tables';
import { expertDirectory } from '../expert/module';
import { awardPrize } from '../prize/tables';

const EMPTY_CONTENT = Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as Record<DeclarationSection, null>;

export const PASSWORD = 'Score@2026xy';
const system = { id: 1, name: 'admin' };

export interface ScoringWorld {
  ctx: TestContext;
  admin: Record<string, string>;
  office: Record<string, string>;
  applicant: { id: number; headers: Record<string, string> };
  prizeId: number;
  editionId: number;
  call: (url: string, body: unknown, headers: Record<string, string>) => Promise<Answer>;
}

export interface TestExpert {
  expertId: number;
  userId: number;
  headers: Record<string, string>;
}

let accounts = 0;

export async function createScoringWorld(): Promise<ScoringWorld> {
  const ctx = await createTestApp({ filesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-scoring-')) });
  const admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  await createAccount(ctx.database, { username: 'scoreoffice', password: PASSWORD, roleCodes: ['PRIZE_OFFICE'] });
  const office = { authorization: await signIn(ctx.app, 'scoreoffice', PASSWORD) };
  const applicantUser = await createAccount(ctx.database, { username: 'scoreapplicant', password: PASSWORD, roleCodes: ['APPLICANT'] });
  const applicant = { id: applicantUser.id, headers: { authorization: await signIn(ctx.app, 'scoreapplicant', PASSWORD) } };
  // 自然科学奖: criteria 40/30/15/15 with maxScore = weight, so a review's total is the sum of its scores.
  const [prize] = await ctx.database.db.select().from(awardPrize).where(eq(awardPrize.prizeCode, 'ZRKX'));
  return { ctx, admin, office, applicant, prizeId: prize!.id, editionId: 7001, call: (url, body, headers) => post(ctx.app, url, body, headers) };
}

/** An expert in the pool with an account signed in. */
export async function newExpert(world: ScoringWorld, name: string): Promise<TestExpert> {
  const username = `scoreexpert${++accounts}`;
  const user = await createAccount(world.ctx.database, { username, password: PASSWORD, roleCodes: ['EXPERT'] });
  const expertId = await expertDirectory.create(world.ctx.database.db, system, { userId: user.id, name, status: 'ACTIVE' });
  return { expertId, userId: user.id, headers: { authorization: await signIn(world.ctx.app, username, PASSWORD) } };
}

/** A declaration already in expert review (the earlier stages are the declaration module's tests). */
export async function declarationInReview(world: ScoringWorld, title: string, options: { applicantId?: number; attachmentFileId?: number } = {}): Promise<number> {
  const n = ++accounts;
  const [row] = await world.ctx.database.db
    .insert(awardDeclaration)
    .values({
      editionId: world.editionId,
      prizeId: world.prizeId,
      applicantId: options.applicantId ?? 900_000 + n,
      applicantName: '申报人',
      title,
      status: 'IN_REVIEW',
      registrationNo: `ZRKX2041${String(n).padStart(4, '0')}`,
      content: {
        ...EMPTY_CONTENT,
        BASIC: { title },
        COMPLETERS: { completers: [{ name: '张三', idNumber: '11010519491231002X', phone: '13800138000', email: 'z@example.com', title: '教授', unitName: '甲大学', contribution: '总体方案' }] },
        ...(options.attachmentFileId ? { ATTACHMENTS: { attachments: [{ type: 'PAPER' as const, fileId: String(options.attachmentFileId), fileName: '论文.txt' }] } } : {}),
      },
      ...createdBy(system),
    })
    .returning({ id: awardDeclaration.id });
  return row!.id;
}

/**
 * A review group of the world's edition and prize with the given main reviewers per declaration,
 * each assignment accepted with no conflict confirmed (what the push helper leaves). Answers the
 * assignment id by `${declarationId}:${expertId}`.
 */
export async function groupWithAssignments(
  world: ScoringWorld,
  groupName: string,
  plan: Array<{ declarationId: number; expertIds: number[] }>,
  options: { leaderExpertId?: number; accepted?: boolean } = {},
): Promise<{ groupId: number; assignment: (declarationId: number, expertId: number) => number }> {
  const db = world.ctx.database.db;
  const groupId = await assignmentDirectory.createGroup(db, system, { editionId: world.editionId, prizeId: world.prizeId, groupName, leaderExpertId: options.leaderExpertId ?? null, status: 'PUSHED' });
  await assignmentDirectory.addDeclarations(db, groupId, plan.map((p) => p.declarationId));
  const ids = new Map<string, number>();
  for (const { declarationId, expertIds } of plan) {
    const created = await assignmentDirectory.addAssignments(db, system, groupId, expertIds.map((expertId) => ({ declarationId, expertId, role: 'MAIN' as const, state: 'PUSHED' as const })));
    for (const [i, id] of created.entries()) {
      ids.set(`${declarationId}:${expertIds[i]}`, id);
      if (options.accepted !== false) await assignmentDirectory.move(db, system, id, ['PUSHED'], 'ACCEPTED', { respondedAt: new Date(), noConflictConfirmedAt: new Date() });
    }
  }
  return { groupId, assignment: (d, e) => ids.get(`${d}:${e}`)! };
}

/** The ZRKX criteria scored so that they add up to `total` (each within its maximum, one decimal). */
export function scoresFor(total: number) {
  const r = (n: number) => Math.round(n * 10) / 10;
  const c1 = r(total * 0.4);
  const c2 = r(total * 0.3);
  const c3 = r(total * 0.15);
  const c4 = r(total - c1 - c2 - c3);
  return [
    { name: '科学发现的创新性', score: c1 },
    { name: '学术影响与科学价值', score: c2 },
    { name: '研究难度与复杂程度', score: c3 },
    { name: '对学科发展的推动作用', score: c4 },
  ];
}

/** Submits a complete review of `total` for the assignment as the expert. */
export async function submitReview(world: ScoringWorld, expert: TestExpert, assignmentId: number, total: number, extra: Record<string, unknown> = {}) {
  const mine = await world.call('/rest/expertReview/getMyReview', { assignmentId: String(assignmentId) }, expert.headers);
  if (mine.status !== 200) throw new Error(JSON.stringify(mine.body));
  const res = await world.call(
    '/rest/expertReview/submit',
    { assignmentId: String(assignmentId), lockVersion: mine.body.data.lockVersion, scores: scoresFor(total), comment: '创新性突出，论证充分。', suggestedGrade: 'FIRST', ...extra },
    expert.headers,
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res;
}
