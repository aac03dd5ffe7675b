/** Fixtures of the awarding tests: an office, applicants, an edition past its result publicity, declarations in the last stretch. */
import { DECLARATION_SECTIONS, type DeclarationSection, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { beijingDate } from '../../base/calendar/module';
import { eq } from 'drizzle-orm';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { createLastStretch, noDeclarationEvents, type DeclarationDeps, type LastStretch } from '../declaration/module';
import { awardDeclaration } from '../declaration/tables';
import { editionDirectory } from '../edition/module';
import { awardEdition, awardEditionPrize } from '../edition/tables';
import { prizeDirectory } from '../prize/module';
import { awardPrize } from '../prize/tables';

const EMPTY_CONTENT = Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as Record<DeclarationSection, null>;
export const PASSWORD = 'Award@2026xy';
export const system = { id: 1, name: 'admin' };
const DAY = 86_400_000;
export const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));

export interface AwardingWorld {
  ctx: TestContext;
  admin: Record<string, string>;
  office: Record<string, string>;
  /** Signed in without the awarding permissions (a reviewer). */
  reviewer: Record<string, string>;
  applicant: { id: number; headers: Record<string, string> };
  other: { id: number; headers: Record<string, string> };
  prizeIds: Record<'ZRKX' | 'JSFM', number>;
  /** The last-stretch port on the test database, for setting up holds (no process, no messages). */
  stretch: LastStretch;
  call: (url: string, body: unknown, headers: Record<string, string>) => Promise<Answer>;
  download: (url: string, headers: Record<string, string>) => Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>;
}

let counter = 0;

export async function createAwardingWorld(): Promise<AwardingWorld> {
  const ctx = await createTestApp();
  const admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const account = async (username: string, roleCodes: string[]) => {
    const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes });
    return { id: user.id, headers: { authorization: await signIn(ctx.app, username, PASSWORD) } };
  };
  const office = (await account('awardoffice', ['PRIZE_OFFICE'])).headers;
  const reviewer = (await account('awardreviewer', ['REVIEWER'])).headers;
  const applicant = await account('awardapplicant', ['APPLICANT']);
  const other = await account('awardother', ['APPLICANT']);
  const prizes = await ctx.database.db.select().from(awardPrize);
  const prizeIds = { ZRKX: prizes.find((p) => p.prizeCode === 'ZRKX')!.id, JSFM: prizes.find((p) => p.prizeCode === 'JSFM')!.id };
  // Only the moves are used: the other declaration deps are never reached by OBJECTION_HOLD / REMOVE.
  const stretch = createLastStretch({ db: ctx.database.db, events: noDeclarationEvents, editions: editionDirectory, prizes: prizeDirectory, today: () => day(0) } as unknown as DeclarationDeps);
  return {
    ctx, admin, office, reviewer, applicant, other, prizeIds, stretch,
    call: (url, body, headers) => post(ctx.app, url, body, headers),
    download: async (url, headers) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
    },
  };
}

/** An edition of the two prizes whose result publicity ended `endedDaysAgo` days ago (negative: still running). */
export async function editionAfterPublicity(world: AwardingWorld, endedDaysAgo = 1, year = 2040 + ++counter): Promise<number> {
  const db = world.ctx.database.db;
  const [row] = await db
    .insert(awardEdition)
    .values({
      year,
      editionName: `${year}年度科学技术奖`,
      stages: [
        { stage: 'DECLARATION', startDate: day(-120), endDate: day(-100) },
        { stage: 'RESULT_PUBLICITY', startDate: day(-endedDaysAgo - 20), endDate: day(-endedDaysAgo) },
      ],
      eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 0, excludeNotAwardedLastEdition: false },
      published: true,
      phase: 'REVIEWING',
      ...createdBy(system),
    })
    .returning({ id: awardEdition.id });
  await db.insert(awardEditionPrize).values([
    { editionId: row!.id, prizeId: world.prizeIds.ZRKX, sort: 1 },
    { editionId: row!.id, prizeId: world.prizeIds.JSFM, sort: 2 },
  ]);
  return row!.id;
}

/** A declaration standing in `status` (the earlier stages are other modules' tests), two completers and two units in rank order. */
export async function declarationIn(
  world: AwardingWorld,
  editionId: number,
  status: DeclarationStatus,
  options: { grade?: PrizeGrade | null; prize?: 'ZRKX' | 'JSFM'; applicantId?: number; title?: string; secrecy?: string } = {},
): Promise<number> {
  const n = ++counter;
  const title = options.title ?? `高熵合金研究${n}`;
  const [row] = await world.ctx.database.db
    .insert(awardDeclaration)
    .values({
      editionId,
      prizeId: world.prizeIds[options.prize ?? 'ZRKX'],
      applicantId: options.applicantId ?? 900_000 + n,
      applicantName: '申报人',
      title,
      status,
      awardGrade: options.grade ?? null,
      secrecy: options.secrecy ?? null,
      registrationNo: `DJ2041${String(n).padStart(6, '0')}`,
      firstCompleter: '张三',
      content: {
        ...EMPTY_CONTENT,
        BASIC: { title },
        COMPLETERS: {
          completers: [
            { name: '张三', idNumber: '11010519491231002X', phone: '13800138000', title: '教授', unitName: '甲大学' },
            { name: '李四', idNumber: '110105194912310046', phone: '13800138001', title: '研究员', unitName: '乙研究所' },
          ],
        },
        UNITS: { units: [{ unitName: '甲大学', creditCode: null }, { unitName: '乙研究所', creditCode: null }] },
      },
      ...createdBy(system),
    } as typeof awardDeclaration.$inferInsert)
    .returning({ id: awardDeclaration.id });
  return row!.id;
}

export async function statusOf(world: AwardingWorld, id: number) {
  const [row] = await world.ctx.database.db.select({ status: awardDeclaration.status, awardGrade: awardDeclaration.awardGrade }).from(awardDeclaration).where(eq(awardDeclaration.id, id));
  return row!;
}


