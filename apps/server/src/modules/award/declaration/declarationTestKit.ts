/** Fixtures of the declaration tests: an open edition, organisations, the people of every level, full content. */
import { eq } from 'drizzle-orm';
import { chineseIdCheckChar, unifiedSocialCreditCodeCheckChar } from '@dandelion/shared/checksums';
import { REJECT_REASON_DICT } from '@dandelion/shared/award/declaration';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../../../../test/helpers/testDatabase';
import { createdBy } from '../../../core/records';
import { beijingDate } from '../../base/calendar/module';
import { sysOrg } from '../../system/org/tables';
import { sysUser } from '../../system/user/tables';

const DAY = 86_400_000;
/** A Beijing date `days` from today. */
export const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));

/** A resident ID number with a right check digit: born 1980-01-01 plus `n` days' worth of serial. */
export function idNumber(n: number): string {
  const first17 = `11010519800101${String(100 + n).padStart(3, '0')}`;
  return first17 + chineseIdCheckChar(first17)!;
}
/** A unified social credit code with a right check character. */
export function creditCode(n: number): string {
  const first17 = `91110000${String(n).padStart(9, '0')}`;
  return first17 + unifiedSocialCreditCodeCheckChar(first17)!;
}

export const PASSWORD = 'Decl@2026xy';

export interface DeclarationWorld {
  ctx: TestContext;
  admin: Record<string, string>;
  editionId: string;
  prizeIds: Record<string, string>;
  orgs: { unitA: number; unitB: number; nominator: number };
  as: Record<'applicant' | 'applicant2' | 'unitAdmin' | 'otherUnitAdmin' | 'nominator' | 'office' | 'outsider', Record<string, string>>;
  call: (url: string, body: unknown, headers?: Record<string, string>) => Promise<Answer>;
}

async function insertOrg(ctx: TestContext, code: string, name: string, orgType: string, parent: { id: number; parentOrgIds: string } | null) {
  const [row] = await ctx.database.db
    .insert(sysOrg)
    .values({ orgCode: code, orgName: name, orgType, parentOrgId: parent?.id ?? null, parentOrgIds: parent ? [parent.parentOrgIds, parent.id].filter(Boolean).join(',') : '', ...createdBy(null) })
    .returning();
  return row!;
}

/** An edition (declaring now) opening the seeded prizes, with unit and nominator review as given. */
export async function createEdition(world: Pick<DeclarationWorld, 'call' | 'prizeIds'>, extra: Record<string, unknown> = {}) {
  const res = await world.call('/rest/edition/add', {
    year: 2041,
    editionName: '2041年度科学技术奖',
    prizeIds: Object.values(world.prizeIds),
    stages: [
      { stage: 'DECLARATION', startDate: day(-3), endDate: day(10) },
      { stage: 'UNIT_REVIEW', startDate: day(-3), endDate: day(15) },
      { stage: 'NOMINATION', startDate: day(-3), endDate: day(20) },
      { stage: 'FORMAL_REVIEW', startDate: day(-3), endDate: day(30) },
    ],
    unitReview: true,
    nominatorReview: true,
    fixDeadlineWorkingDays: 5,
    eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
    guide: null,
    ...extra,
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const published = await world.call('/rest/edition/publish', { editionId: res.body.data.editionId, lockVersion: res.body.data.lockVersion });
  if (published.status !== 200) throw new Error(JSON.stringify(published.body));
  return res.body.data.editionId as string;
}

export async function createWorld(): Promise<DeclarationWorld> {
  const ctx = await createTestApp();
  const admin = { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
  const call = (url: string, body: unknown, headers: Record<string, string> = admin) => post(ctx.app, url, body, headers);
  const prizes = await call('/rest/prize/getPrizePage', { pageParameter: { pageNum: 1, pageSize: 20 } });
  const prizeIds = Object.fromEntries(prizes.body.data.list.map((p: { prizeCode: string; prizeId: string }) => [p.prizeCode, p.prizeId]));

  const [root] = await ctx.database.db.select().from(sysOrg).where(eq(sysOrg.orgCode, 'ROOT'));
  const unitA = await insertOrg(ctx, 'UNIT_A', '甲大学', 'UNIT', root!);
  const unitASub = await insertOrg(ctx, 'UNIT_A1', '甲大学材料学院', 'UNIT', unitA);
  const unitB = await insertOrg(ctx, 'UNIT_B', '乙研究院', 'UNIT', root!);
  const nominator = await insertOrg(ctx, 'NOM_1', '省教育厅', 'NOMINATOR', root!);

  const person = async (username: string, roleCodes: string[], orgId: number | null = null, extra: { phone?: string } = {}) => {
    const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes, ...extra });
    await ctx.database.db.update(sysUser).set({ orgId, email: `${username}@example.com` }).where(eq(sysUser.id, user.id));
    return { authorization: await signIn(ctx.app, username, PASSWORD) };
  };
  const as = {
    applicant: await person('declapplicant', ['APPLICANT'], null, { phone: '13800138001' }),
    applicant2: await person('declapplicant2', ['APPLICANT']),
    unitAdmin: await person('declunitadmin', ['UNIT_ADMIN'], unitA.id),
    otherUnitAdmin: await person('declunitadminb', ['UNIT_ADMIN'], unitB.id),
    nominator: await person('declnominator', ['NOMINATOR'], nominator.id),
    office: await person('decloffice', ['PRIZE_OFFICE'], root!.id),
    outsider: await person('decloutsider', ['EXPERT']),
  };

  const world: DeclarationWorld = { ctx, admin, editionId: '', prizeIds, orgs: { unitA: unitA.id, unitB: unitB.id, nominator: nominator.id }, as, call };
  world.editionId = await createEdition(world);
  void unitASub;
  return world;
}

/** One more applicant (each may hold one live declaration per prize and edition). */
export async function newApplicant(world: DeclarationWorld, username: string): Promise<Record<string, string>> {
  await createAccount(world.ctx.database, { username, password: PASSWORD, roleCodes: ['APPLICANT'] });
  return { authorization: await signIn(world.ctx.app, username, PASSWORD) };
}

/** The reason codes of 不予受理 as the dictionary holds them. */
export async function rejectReasonCodes(world: DeclarationWorld): Promise<string[]> {
  const res = await world.call('/rest/dict/getdictlists', { dictCategorys: [REJECT_REASON_DICT] });
  return res.body.data[REJECT_REASON_DICT].map((i: { value: string }) => i.value);
}

export interface Person {
  name: string;
  id: string;
}

/** Every section of 自然科学奖 (ZRKX: 5 persons / 3 units for 一等奖) filled so that check passes. */
export interface SectionInput {
  section: string;
  content: unknown;
}

export function fullSections(world: DeclarationWorld, people: Person[], title = '新型高熵合金的设计与制备'): SectionInput[] {
  return [
    {
      section: 'BASIC',
      content: {
        title,
        proposedGrade: 'FIRST',
        disciplineCodes: ['430.25'],
        category: 'TECH_DEVELOPMENT',
        secrecy: 'PUBLIC',
        startDate: '2018-01-01',
        endDate: '2023-12-31',
        unitOrgId: String(world.orgs.unitA),
        nominatorOrgId: String(world.orgs.nominator),
        contactName: '张联系',
        contactPhone: '13800138001',
        contactEmail: 'contact@example.com',
      },
    },
    { section: 'COMPLETERS', content: { completers: people.map((p) => ({ name: p.name, idNumber: p.id, title: '教授', unitName: '甲大学', contribution: '提出总体方案' })) } },
    { section: 'UNITS', content: { units: [{ unitName: '甲大学', creditCode: creditCode(1), contribution: '组织实施' }] } },
    { section: 'SUMMARY', content: { summary: '<p>本项目研究高熵合金。</p>' } },
    { section: 'INNOVATIONS', content: { innovations: '<p>创新点一。</p>' } },
    { section: 'PAPERS', content: { papers: [{ title: '论文一', journal: '金属学报', year: 2022, authors: '张三', citations: 10 }] } },
    {
      section: 'ATTACHMENTS',
      content: {
        attachments: [
          { type: 'COMMITMENT', fileId: '1', fileName: '承诺书.pdf' },
          { type: 'SEAL_PAGE', fileId: '2', fileName: '盖章页.pdf' },
          { type: 'PAPER', fileId: '3', fileName: '论文.pdf' },
        ],
      },
    },
  ];
}

// A real 1×1 PNG: what an applicant uploads as an attachment here.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a file as `who` the way the browser does; answers its id. */
export async function upload(world: DeclarationWorld, who: Record<string, string>, filename = '附件.png'): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), filename);
  const encoded = new Response(form);
  const res = await world.ctx.app.inject({
    method: 'POST',
    url: '/auth/webUpload',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...who },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.fileId;
}

/** The attachments section with each file uploaded by `who` first (the ids in `fullSections` are placeholders). */
export async function withUploads(world: DeclarationWorld, who: Record<string, string>, sections: SectionInput[]): Promise<SectionInput[]> {
  return Promise.all(
    sections.map(async (s) => {
      if (s.section !== 'ATTACHMENTS') return s;
      const { attachments } = s.content as { attachments: Array<{ fileId: string }> };
      const uploaded = [];
      for (const a of attachments) uploaded.push({ ...a, fileId: await upload(world, who) });
      return { section: s.section, content: { attachments: uploaded } };
    }),
  );
}

/** Starts a declaration of `prize` as `who` and saves the given sections; answers its id and lock version. */
export async function declare(world: DeclarationWorld, who: Record<string, string>, sections: Array<{ section: string; content: unknown }>, prize = 'ZRKX', editionId = world.editionId) {
  const added = await world.call('/rest/declare/add', { editionId, prizeId: world.prizeIds[prize] }, who);
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  const declarationId = added.body.data.declarationId as string;
  let lockVersion = added.body.data.lockVersion as number;
  for (const s of await withUploads(world, who, sections)) {
    const saved = await world.call('/rest/declare/saveSection', { declarationId, lockVersion, ...s }, who);
    if (saved.status !== 200) throw new Error(`${s.section}: ${JSON.stringify(saved.body)}`);
    lockVersion = saved.body.data.lockVersion;
  }
  return { declarationId, lockVersion };
}

/** A declaration filled and submitted by `who`; answers its id and lock version after submission. */
export async function submitted(world: DeclarationWorld, who: Record<string, string>, people: Person[], title?: string) {
  const { declarationId, lockVersion } = await declare(world, who, fullSections(world, people, title));
  const res = await world.call('/rest/declare/submit', { declarationId, lockVersion }, who);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { declarationId, lockVersion: res.body.data.lockVersion as number, registrationNo: res.body.data.registrationNo as string };
}
