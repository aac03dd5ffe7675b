/** Fixtures of the publicity tests: an office, an applicant, an edition opening the seeded prizes, declarations in the last stretch. */
import { eq } from 'drizzle-orm';
import { DECLARATION_SECTIONS, type DeclarationSection, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createMemoryBus, type EventBus } from '../../../core/bus';
import { createdBy } from '../../../core/records';
import { beijingDate } from '../../base/calendar/module';
import { createWorkingDayCalendar } from '../../base/calendar/service';
import { createLastStretch, noDeclarationEvents, type DeclarationDeps } from '../declaration/module';
import { awardDeclaration } from '../declaration/tables';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import { awardPrize } from '../prize/tables';
import { createPortalPublicityCache } from './portalCache';
import { createPublicityService } from './service';

const EMPTY_CONTENT = Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as Record<DeclarationSection, null>;
export const PASSWORD = 'Publ@2026xy';
const system = { id: 1, name: 'admin' };
const DAY = 86_400_000;

/** The Beijing date `days` from now. */
export const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));
/** Noon (Beijing) of a Beijing date. */
export const noonOf = (date: string) => new Date(`${date}T12:00:00+08:00`);

export interface PublicityWorld {
  ctx: TestContext;
  bus: EventBus;
  as: Record<'admin' | 'office' | 'applicant' | 'otherApplicant' | 'expert', Record<string, string>>;
  applicantId: number;
  otherApplicantId: number;
  editionId: string;
  prizeId: string;
  /** 自然科学奖's kind is NATURAL_SCIENCE. */
  prizeKind: string;
  call: (url: string, body: unknown, headers?: Record<string, string>) => Promise<Answer>;
}

let serial = 0;

export async function createPublicityWorld(): Promise<PublicityWorld> {
  const bus = createMemoryBus();
  const ctx = await createTestApp({ bus });
  const admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const person = async (username: string, roleCodes: string[]) => {
    const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes });
    return { id: user.id, headers: { authorization: await signIn(ctx.app, username, PASSWORD) } };
  };
  const office = await person('puboffice', ['PRIZE_OFFICE']);
  const applicant = await person('pubapplicant', ['APPLICANT']);
  const otherApplicant = await person('pubapplicant2', ['APPLICANT']);
  const expert = await person('pubexpert', ['EXPERT']);
  const call = (url: string, body: unknown, headers: Record<string, string> = office.headers) => post(ctx.app, url, body, headers);
  const [prize] = await ctx.database.db.select().from(awardPrize).where(eq(awardPrize.prizeCode, 'ZRKX'));
  const all = await ctx.database.db.select({ id: awardPrize.id }).from(awardPrize);
  const edition = await call('/rest/edition/add', {
    year: 2041,
    editionName: '2041年度科学技术奖',
    prizeIds: all.map((p) => String(p.id)),
    stages: [{ stage: 'DECLARATION', startDate: day(-60), endDate: day(-30) }],
    unitReview: false,
    nominatorReview: false,
    fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: null,
  }, admin);
  if (edition.status !== 200) throw new Error(JSON.stringify(edition.body));
  return {
    ctx,
    bus,
    as: { admin, office: office.headers, applicant: applicant.headers, otherApplicant: otherApplicant.headers, expert: expert.headers },
    applicantId: applicant.id,
    otherApplicantId: otherApplicant.id,
    editionId: edition.body.data.editionId,
    prizeId: String(prize!.id),
    prizeKind: prize!.kind,
    call,
  };
}

/** A declaration of the world's edition and prize already in the given state (earlier stages are the declaration module's tests). */
export async function declarationIn(
  world: PublicityWorld,
  status: DeclarationStatus,
  title: string,
  options: { secrecy?: 'PUBLIC' | 'INTERNAL' | 'SECRET'; applicantId?: number; awardGrade?: PrizeGrade; prizeId?: string } = {},
): Promise<number> {
  const n = ++serial;
  const [row] = await world.ctx.database.db
    .insert(awardDeclaration)
    .values({
      editionId: Number(world.editionId),
      prizeId: Number(options.prizeId ?? world.prizeId),
      applicantId: options.applicantId ?? 900_000 + n,
      applicantName: '申报人',
      title,
      status,
      secrecy: options.secrecy ?? 'PUBLIC',
      awardGrade: options.awardGrade ?? null,
      firstCompleter: '张三',
      registrationNo: `ZRKX2041${String(n).padStart(4, '0')}`,
      content: {
        ...EMPTY_CONTENT,
        BASIC: { title, secrecy: options.secrecy ?? 'PUBLIC', category: 'TECH_DEVELOPMENT', disciplineCodes: ['110'], keywords: ['合金'] },
        COMPLETERS: {
          completers: [
            { name: '张三', idNumber: '11010519491231002X', phone: '13800138000', email: 'z@example.com', title: '教授', unitName: '甲大学', contribution: '总体方案' },
            { name: '李四', idNumber: '110105194912310038', phone: '13800138001', email: 'l@example.com', title: '副教授', unitName: '乙研究院', contribution: '实验' },
          ],
        },
        UNITS: { units: [{ unitName: '甲大学', creditCode: '12100000400000000X' }, { unitName: '乙研究院', creditCode: '12100000400000001X' }] },
        SUMMARY: { summary: '<p>项目简介</p>' },
      } as never,
      ...createdBy(system),
    })
    .returning({ id: awardDeclaration.id });
  return row!.id;
}

/** The publicity service on the world's database and bus with its own clock: the scheduler's job as tests run it. */
export function publicityServiceAt(world: PublicityWorld, now: () => Date) {
  const db = world.ctx.database.db;
  const deps = { db, events: noDeclarationEvents, editions: editionDirectory, prizes: prizeDirectory, today: () => beijingDate(now()) } as unknown as DeclarationDeps;
  return createPublicityService({ db, declarations: createLastStretch(deps), workingDays: createWorkingDayCalendar({ db }), bus: world.bus, now }, createPortalPublicityCache(world.bus));
}

/** A publicity body for the world's edition and prize. */
export function publicityValues(world: PublicityWorld, extra: Record<string, unknown> = {}) {
  return { editionId: world.editionId, prizeId: world.prizeId, kind: 'ACCEPTANCE', title: '2041年度自然科学奖受理公示', note: '公示期内可提出异议。', startDate: day(1), days: 7, dayKind: 'NATURAL', ...extra };
}
