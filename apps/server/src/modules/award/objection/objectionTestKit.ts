/** Fixtures of the objection tests: an office, a reader without handling rights, filers, declarations in an open publicity. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { OBJECTION_PERMISSIONS } from '@dandelion/shared/award/objection';
import { DECLARATION_SECTIONS, type DeclarationSection } from '@dandelion/shared/award/prize';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { upload as uploadFile } from '../../../../test/kits/messageTestKit';
import { createdBy } from '../../../core/records';
import { beijingDate } from '../../base/calendar/module';
import { createWorkingDayCalendar } from '../../base/calendar/service';
import { sysFunc } from '../../system/func/tables';
import { sysRole, sysRoleFunc } from '../../system/role/tables';
import { sysUser } from '../../system/user/tables';
import { createLastStretch, noDeclarationEvents, type DeclarationDeps } from '../declaration/module';
import { awardDeclaration } from '../declaration/tables';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import { awardPrize } from '../prize/tables';
import { publicityDirectory } from '../publicity/module';
import { awardPublicity, awardPublicityEntry } from '../publicity/tables';
import { createObjectionService } from './service';

const EMPTY_CONTENT = Object.fromEntries(DECLARATION_SECTIONS.map((s) => [s, null])) as Record<DeclarationSection, null>;
export const PASSWORD = 'Obj@2026xyz';
const system = { id: 1, name: 'admin' };
const DAY = 86_400_000;
export const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));

export interface Person {
  id: number;
  headers: Record<string, string>;
}

export interface ObjectionWorld {
  ctx: TestContext;
  admin: Record<string, string>;
  office: Person;
  /** Holds only 异议列表 and 详情: not a handler. */
  reader: Person;
  /** Signed in with verified identity (实名 王五). */
  verified: Person;
  unverified: Person;
  applicant: Person;
  editionId: number;
  prizeId: number;
  call: (url: string, body: unknown, headers: Record<string, string>) => Promise<Answer>;
}

let serial = 0;

export async function createObjectionWorld(): Promise<ObjectionWorld> {
  const ctx = await createTestApp({ filesDir: fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-objection-')) });
  const db = ctx.database.db;
  const person = async (username: string, roleCodes: string[]): Promise<Person> => {
    const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes });
    return { id: user.id, headers: { authorization: await signIn(ctx.app, username, PASSWORD) } };
  };
  // A role that reads the list and the detail but handles nothing.
  const [role] = await db.insert(sysRole).values({ roleCode: 'OBJECTION_READER', roleName: '异议查阅', ...createdBy(system) }).returning({ id: sysRole.id });
  const funcs = await db.select({ id: sysFunc.id }).from(sysFunc).where(inArray(sysFunc.funcCode, [OBJECTION_PERMISSIONS.main, OBJECTION_PERMISSIONS.list, OBJECTION_PERMISSIONS.detail]));
  await db.insert(sysRoleFunc).values(funcs.map((f) => ({ roleId: role!.id, funcId: f.id })));

  const admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const office = await person('objoffice', ['PRIZE_OFFICE']);
  const reader = await person('objreader', ['OBJECTION_READER']);
  const applicant = await person('objapplicant', ['APPLICANT']);
  const unverified = await person('objunverified', ['APPLICANT']);
  const verifiedUser = await createAccount(ctx.database, { username: 'objverified', password: PASSWORD, roleCodes: ['APPLICANT'] });
  await db.update(sysUser).set({ identityVerified: true, identityVerifiedAt: new Date(), realname: '王五' }).where(eq(sysUser.id, verifiedUser.id));
  const verified = { id: verifiedUser.id, headers: { authorization: await signIn(ctx.app, 'objverified', PASSWORD) } };
  const [prize] = await db.select().from(awardPrize).where(eq(awardPrize.prizeCode, 'ZRKX'));
  return { ctx, admin, office, reader, verified, unverified, applicant, editionId: 7101, prizeId: prize!.id, call: (url, body, headers) => post(ctx.app, url, body, headers) };
}

/** A declaration of the world's edition in the given state. */
export async function declarationIn(world: ObjectionWorld, status: DeclarationStatus, title: string, applicantId?: number): Promise<number> {
  const n = ++serial;
  const [row] = await world.ctx.database.db
    .insert(awardDeclaration)
    .values({
      editionId: world.editionId,
      prizeId: world.prizeId,
      applicantId: applicantId ?? 900_000 + n,
      applicantName: '申报人',
      title,
      status,
      secrecy: 'PUBLIC',
      awardGrade: status === 'IN_RESULT_PUBLICITY' ? 'FIRST' : null,
      registrationNo: `YY2041${String(n).padStart(4, '0')}`,
      content: { ...EMPTY_CONTENT, BASIC: { title } } as never,
      ...createdBy(system),
    })
    .returning({ id: awardDeclaration.id });
  return row!.id;
}

/** A publicity (OPEN by default) from `startDate` to `endDate` showing the given declarations. */
export async function publicityOf(world: ObjectionWorld, declarationIds: number[], options: { startDate?: string; endDate?: string; status?: 'OPEN' | 'CLOSED' | 'SCHEDULED' } = {}): Promise<number> {
  const db = world.ctx.database.db;
  const [p] = await db
    .insert(awardPublicity)
    .values({
      editionId: world.editionId,
      prizeId: world.prizeId,
      kind: 'RESULT',
      title: '2041年度拟授奖结果公示',
      startDate: options.startDate ?? day(-3),
      days: 10,
      dayKind: 'NATURAL',
      endDate: options.endDate ?? day(7),
      status: options.status ?? 'OPEN',
      ...createdBy(system),
    })
    .returning({ id: awardPublicity.id });
  const cards = await db.select().from(awardDeclaration).where(inArray(awardDeclaration.id, declarationIds));
  await db.insert(awardPublicityEntry).values(cards.map((c, i) => ({ publicityId: p!.id, declarationId: c.id, applicantId: c.applicantId, sort: i + 1, title: c.title, registrationNo: c.registrationNo })));
  return p!.id;
}

export const upload = (world: ObjectionWorld, who: Person, name = '证明材料.png') => uploadFile(world.ctx, who.headers, name);

/** A valid person's objection body. */
export function objectionBody(publicityId: number, declarationId: number, evidenceFileIds: string[], extra: Record<string, unknown> = {}) {
  return {
    publicityId: String(publicityId),
    declarationId: String(declarationId),
    kind: 'PERSON',
    category: 'COMPLETERS',
    subject: '第二完成人未实际参与项目研究',
    facts: '第二完成人在项目实施期间在国外访学，未参与任何实验与论文撰写，附出入境记录与合同。',
    evidenceFileIds,
    ...extra,
  };
}

/** The service on the world's database with its own clock, as the routes use it (no messages sent). */
export function objectionServiceAt(world: ObjectionWorld, now: () => Date) {
  const db = world.ctx.database.db;
  const declarationDeps = { db, events: noDeclarationEvents, editions: editionDirectory, prizes: prizeDirectory, today: () => beijingDate(now()) } as unknown as DeclarationDeps;
  return createObjectionService({
    db,
    declarations: createLastStretch(declarationDeps),
    entryWindow: publicityDirectory.entryWindow,
    identityOf: async (ex, userId) => {
      const [u] = await ex.select().from(sysUser).where(eq(sysUser.id, userId));
      return { verified: !!u?.identityVerified, realName: u?.realname ?? null };
    },
    files: world.ctx.app.services.files,
    workingDays: createWorkingDayCalendar({ db }),
    tell: async () => {},
    handlerIds: async () => [],
    now,
  });
}
