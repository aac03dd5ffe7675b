/** Fixtures of the expert pool's tests: the people who take part and a valid profile. */
import { and, eq } from 'drizzle-orm';
import { chineseIdCheckChar, unifiedSocialCreditCodeCheckChar } from '@dandelion/shared/checksums';
import { createAccount, signIn } from '../../../../test/helpers/accounts';
import { createTestApp, post, type Answer, type TestContext } from '../../../../test/helpers/testApp';
import { sysOperLog } from '../../../core/audit';
import { beijingDate } from '../../base/calendar/module';
import { awardExpert, awardExpertHistory } from './tables';

const DAY = 86_400_000;
/** A Beijing date `days` from today. */
export const day = (days: number) => beijingDate(new Date(Date.now() + days * DAY));

/** A resident ID number with a right check digit. */
export function idNumber(n: number): string {
  const first17 = `11010519700101${String(100 + n).padStart(3, '0')}`;
  return first17 + chineseIdCheckChar(first17)!;
}
export function creditCode(n: number): string {
  const first17 = `91110000${String(n).padStart(9, '0')}`;
  return first17 + unifiedSocialCreditCodeCheckChar(first17)!;
}

export const PASSWORD = 'Expert@2026x';

/** A full, valid profile; `n` keeps the phone and ID number apart. */
export function profile(n: number, extra: Record<string, unknown> = {}) {
  return {
    name: `专家${n}`,
    idNumber: idNumber(n),
    gender: 'MALE',
    birthYear: 1970,
    phone: `139${String(n).padStart(8, '0')}`,
    email: `expert${n}@example.com`,
    title: '教授',
    position: '院长',
    unitName: `第${n}大学`,
    unitCreditCode: creditCode(n),
    region: '110105',
    disciplineCodes: ['520', '52010'],
    keywords: ['高熵合金', '新材料'],
    formerUnits: [{ unitName: '某研究所', creditCode: '', from: '2001-09-01', until: '2010-07-01' }],
    relations: [{ kind: 'ADVISOR', personName: '李老师', personIdNumber: idNumber(500 + n), unitName: '', creditCode: '', from: '2000-01-01', until: '', note: '博士导师' }],
    remark: '',
    ...extra,
  };
}

export interface ExpertWorld {
  ctx: TestContext;
  as: Record<'office' | 'applicant' | 'applicant2' | 'outsider', Record<string, string>>;
  userIds: Record<'office' | 'applicant' | 'applicant2' | 'outsider', number>;
  call: (url: string, body: unknown, headers?: Record<string, string>) => Promise<Answer>;
  stored: (expertId: string | number) => Promise<typeof awardExpert.$inferSelect>;
  history: (expertId: string | number) => Promise<Array<typeof awardExpertHistory.$inferSelect>>;
  operations: (expertId: string | number) => Promise<Array<typeof sysOperLog.$inferSelect>>;
}

export async function createExpertWorld(): Promise<ExpertWorld> {
  const ctx = await createTestApp();
  const userIds = {} as ExpertWorld['userIds'];
  const person = async (key: keyof ExpertWorld['userIds'], username: string, roleCodes: string[], phone?: string) => {
    const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes, phone });
    userIds[key] = user.id;
    return { authorization: await signIn(ctx.app, username, PASSWORD) };
  };
  const as = {
    office: await person('office', 'expoffice', ['PRIZE_OFFICE']),
    applicant: await person('applicant', 'expapplicant', ['APPLICANT'], '13700000001'),
    applicant2: await person('applicant2', 'expapplicant2', ['APPLICANT'], '13700000002'),
    outsider: await person('outsider', 'expoutsider', ['EXPERT']),
  };
  const db = ctx.database.db;
  return {
    ctx,
    as,
    userIds,
    call: (url, body, headers = as.office) => post(ctx.app, url, body, headers),
    stored: async (id) => (await db.select().from(awardExpert).where(eq(awardExpert.id, Number(id))))[0]!,
    history: (id) => db.select().from(awardExpertHistory).where(eq(awardExpertHistory.expertId, Number(id))).orderBy(awardExpertHistory.id),
    operations: (id) => db.select().from(sysOperLog).where(and(eq(sysOperLog.module, 'award:expert'), eq(sysOperLog.entityId, String(id)))).orderBy(sysOperLog.id),
  };
}

/** Adds an expert as the office (直接入库: ACTIVE); answers the detail. */
export async function added(world: ExpertWorld, n: number, extra: Record<string, unknown> = {}) {
  const res = await world.call('/rest/expert/addExpert', profile(n, extra));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { expertId: string; lockVersion: number; status: string; name: string };
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a file as `who` the way the browser does; answers its id. */
export async function upload(world: ExpertWorld, who: Record<string, string>, filename = '证明材料.png'): Promise<string> {
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
