import { and, asc, count, desc, eq, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { DeclarationStatus } from '@dandelion/shared/award/declaration';
import type { CompleterEntry, DeclarationContent, UnitEntry } from '@dandelion/shared/award/declarationContent';
import type { EffectiveDataScope } from '../../../core/dataScope';
import type { Executor } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { liveOrgs, orgSubtreeIds } from '../../system/org/module';
import { liveUsers } from '../../system/user/module';
import { awardDeclaration, awardDeclarationCompleter, awardDeclarationStep, awardDeclarationUnit } from './tables';
import type { DeclarationRow } from './transition';

const d = awardDeclaration;

/** What every list selects: all but the content documents (lists never read them). */
const listColumns = {
  id: d.id,
  editionId: d.editionId,
  prizeId: d.prizeId,
  applicantId: d.applicantId,
  applicantName: d.applicantName,
  unitOrgId: d.unitOrgId,
  nominatorOrgId: d.nominatorOrgId,
  title: d.title,
  proposedGrade: d.proposedGrade,
  disciplineCode: d.disciplineCode,
  secrecy: d.secrecy,
  status: d.status,
  registrationNo: d.registrationNo,
  completerCount: d.completerCount,
  firstCompleter: d.firstCompleter,
  resubmitted: d.resubmitted,
  fixDeadline: d.fixDeadline,
  revocation: d.revocation,
  firstSubmitTime: d.firstSubmitTime,
  submitTime: d.submitTime,
  updateTime: d.updateTime,
  lockVersion: d.lockVersion,
};
export type DeclarationListRow = Pick<DeclarationRow, keyof typeof listColumns>;

export interface DeclarationFilter {
  editionId?: number;
  prizeId?: number;
  status?: DeclarationStatus;
  statuses?: readonly DeclarationStatus[];
  unitOrgId?: number;
  nominatorOrgId?: number;
  disciplineCode?: string;
  keyword?: string;
  applicantId?: number;
  /** Review queues: only declarations whose unit / nominator lies within this condition. */
  scope?: SQL;
}

/** Organisations a data scope reaches, as a condition on an org-id column; null when it reaches all. */
export function orgScopeCondition(column: typeof d.unitOrgId | typeof d.nominatorOrgId, scope: EffectiveDataScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.orgIds.length) parts.push(inArray(column, scope.orgIds));
  if (scope.subtreeOf !== null) parts.push(sql`${column} in (${orgSubtreeIds(scope.subtreeOf)})`);
  return parts.length ? or(...parts) : sql`false`;
}

function whereOf(filter: DeclarationFilter): SQL | undefined {
  const keyword = filter.keyword?.trim();
  return and(
    notDeleted(d),
    filter.editionId ? eq(d.editionId, filter.editionId) : undefined,
    filter.prizeId ? eq(d.prizeId, filter.prizeId) : undefined,
    filter.status ? eq(d.status, filter.status) : undefined,
    filter.statuses ? inArray(d.status, [...filter.statuses]) : undefined,
    filter.unitOrgId ? eq(d.unitOrgId, filter.unitOrgId) : undefined,
    filter.nominatorOrgId ? eq(d.nominatorOrgId, filter.nominatorOrgId) : undefined,
    // A prefix range on the first discipline code (C-collated comparison keeps it an index range).
    filter.disciplineCode ? sql`${d.disciplineCode} like ${`${filter.disciplineCode.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    filter.applicantId ? eq(d.applicantId, filter.applicantId) : undefined,
    filter.scope,
    keyword
      ? or(
          containing(d.title, keyword),
          eq(d.registrationNo, keyword.toUpperCase()),
          // Completers by their whole name: an index lookup on the completer table.
          sql`${d.id} in (select ${awardDeclarationCompleter.declarationId} from ${awardDeclarationCompleter} where ${awardDeclarationCompleter.name} = ${keyword})`,
        )
      : undefined,
  );
}

/** Every query of declarations; each takes the executor (database or open transaction) first. */
export const declarationRepo = {
  async findLive(ex: Executor, id: number): Promise<DeclarationRow | undefined> {
    const [row] = await ex.select().from(d).where(and(eq(d.id, id), notDeleted(d))).limit(1);
    return row;
  },

  /** The row locked for the rest of the transaction (submit and moves re-check under it). */
  async lockLive(ex: Executor, id: number): Promise<DeclarationRow | undefined> {
    const [row] = await ex.select().from(d).where(and(eq(d.id, id), notDeleted(d))).limit(1).for('update');
    return row;
  },

  async insert(ex: Executor, values: Omit<typeof d.$inferInsert, 'id'>, actor: Actor): Promise<DeclarationRow> {
    const [row] = await ex.insert(d).values({ ...values, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, values: Partial<typeof d.$inferInsert>, actor: Actor | null) =>
    updateVersioned(ex, d, id, lockVersion, values, actor, '申报书'),

  softDelete: (ex: Executor, id: number, lockVersion: number, actor: Actor) => softDelete(ex, d, id, lockVersion, actor, '申报书'),

  async replaceCompleters(ex: Executor, declarationId: number, editionId: number, completers: CompleterEntry[]): Promise<void> {
    await ex.delete(awardDeclarationCompleter).where(eq(awardDeclarationCompleter.declarationId, declarationId));
    if (!completers.length) return;
    await ex.insert(awardDeclarationCompleter).values(
      completers.map((c, rank) => ({ declarationId, editionId, rank: rank + 1, name: c.name || null, idNumber: c.idNumber || null, unitName: c.unitName || null })),
    );
  },

  async replaceUnits(ex: Executor, declarationId: number, editionId: number, units: UnitEntry[]): Promise<void> {
    await ex.delete(awardDeclarationUnit).where(eq(awardDeclarationUnit.declarationId, declarationId));
    if (!units.length) return;
    await ex.insert(awardDeclarationUnit).values(
      units.map((u, rank) => ({ declarationId, editionId, rank: rank + 1, unitName: u.unitName || null, creditCode: u.creditCode?.toUpperCase() || null })),
    );
  },

  async insertStep(ex: Executor, values: typeof awardDeclarationStep.$inferInsert): Promise<void> {
    await ex.insert(awardDeclarationStep).values(values);
  },

  steps: (ex: Executor, declarationId: number) =>
    ex.select().from(awardDeclarationStep).where(eq(awardDeclarationStep.declarationId, declarationId)).orderBy(asc(awardDeclarationStep.id)),

  /** Whether a history step is visible to the caller's connection (its move has committed). */
  async stepExists(ex: Executor, stepId: number): Promise<boolean> {
    return (await ex.select({ id: awardDeclarationStep.id }).from(awardDeclarationStep).where(eq(awardDeclarationStep.id, stepId)).limit(1)).length > 0;
  },

  async lastStep(ex: Executor, declarationId: number) {
    const [row] = await ex.select().from(awardDeclarationStep).where(eq(awardDeclarationStep.declarationId, declarationId)).orderBy(desc(awardDeclarationStep.id)).limit(1);
    return row;
  },

  page(ex: Executor, filter: DeclarationFilter, page: PageParameter) {
    const where = whereOf(filter);
    return paginate(
      page,
      (limit, offset) => ex.select(listColumns).from(d).where(where).orderBy(desc(d.id)).limit(limit).offset(offset),
      async () => (await ex.select({ n: count() }).from(d).where(where))[0]?.n ?? 0,
    );
  },

  /** Up to `limit` rows for an export, newest first. */
  list: (ex: Executor, filter: DeclarationFilter, limit: number) => ex.select(listColumns).from(d).where(whereOf(filter)).orderBy(desc(d.id)).limit(limit),

  async statusCounts(ex: Executor, filter: DeclarationFilter) {
    return ex.select({ status: d.status, count: count() }).from(d).where(whereOf(filter)).groupBy(d.status);
  },

  /** The completers of declarations, in declaration and rank order (the completers' export). */
  completersOf: (ex: Executor, declarationIds: number[]) =>
    declarationIds.length
      ? ex
          .select()
          .from(awardDeclarationCompleter)
          .where(inArray(awardDeclarationCompleter.declarationId, declarationIds))
          .orderBy(desc(awardDeclarationCompleter.declarationId), asc(awardDeclarationCompleter.rank))
      : Promise.resolve([]),

  /** Which of `ids` are live organisations. */
  async liveOrgIds(ex: Executor, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await ex.select({ id: liveOrgs.orgId }).from(liveOrgs).where(inArray(liveOrgs.orgId, ids));
    return new Set(rows.map((r) => r.id));
  },

  async orgNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const rows = await ex.select({ id: liveOrgs.orgId, name: liveOrgs.orgName }).from(liveOrgs).where(inArray(liveOrgs.orgId, unique));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  orgOptions: (ex: Executor, orgType: 'UNIT' | 'NOMINATOR', keyword: string | undefined) =>
    ex
      .select({ orgId: liveOrgs.orgId, orgName: liveOrgs.orgName })
      .from(liveOrgs)
      .where(and(eq(liveOrgs.orgType, orgType), eq(liveOrgs.orgStatus, 'NORMAL'), keyword ? containing(liveOrgs.orgName, keyword) : undefined))
      .orderBy(asc(liveOrgs.orgSort), asc(liveOrgs.orgId))
      .limit(200),

  /** The organisations a data scope reaches, one by one (record-level checks on single declarations). */
  async orgIdsWithin(ex: Executor, scope: EffectiveDataScope): Promise<Set<number> | 'ALL'> {
    if (scope.all) return 'ALL';
    const ids = new Set(scope.orgIds);
    if (scope.subtreeOf !== null) {
      const rows = await ex.select({ id: liveOrgs.orgId }).from(liveOrgs).where(sql`${liveOrgs.orgId} in (${orgSubtreeIds(scope.subtreeOf)})`);
      rows.forEach((r) => ids.add(r.id));
    }
    return ids;
  },

  async userProfile(ex: Executor, userId: number) {
    const [row] = await ex.select({ realname: liveUsers.realname, username: liveUsers.username, phone: liveUsers.phone, email: liveUsers.email }).from(liveUsers).where(eq(liveUsers.userId, userId));
    return row;
  },

  /** Completers (by ID number) named in other live declarations of an edition that still count. */
  completerClashes: (ex: Executor, editionId: number, declarationId: number, idNumbers: string[]) =>
    idNumbers.length
      ? ex
          .select({ idNumber: awardDeclarationCompleter.idNumber, registrationNo: d.registrationNo, title: d.title })
          .from(awardDeclarationCompleter)
          .innerJoin(d, eq(d.id, awardDeclarationCompleter.declarationId))
          .where(
            and(
              inArray(awardDeclarationCompleter.idNumber, idNumbers),
              eq(awardDeclarationCompleter.editionId, editionId),
              ne(awardDeclarationCompleter.declarationId, declarationId),
              notDeleted(d),
              notInArray(d.status, ['DRAFT', 'WITHDRAWN', 'NOT_ACCEPTED']),
            ),
          )
      : Promise.resolve([]),

  /** Completers (by ID number) of AWARDED declarations of the given editions. */
  awardedCompleters: (ex: Executor, editionIds: number[], idNumbers: string[]) =>
    editionIds.length && idNumbers.length
      ? ex
          .select({ idNumber: awardDeclarationCompleter.idNumber, editionId: d.editionId })
          .from(awardDeclarationCompleter)
          .innerJoin(d, eq(d.id, awardDeclarationCompleter.declarationId))
          .where(and(inArray(awardDeclarationCompleter.idNumber, idNumbers), inArray(awardDeclarationCompleter.editionId, editionIds), notDeleted(d), eq(d.status, 'AWARDED')))
      : Promise.resolve([]),

  /** Units (by credit code) of AWARDED declarations of the given editions. */
  awardedUnits: (ex: Executor, editionIds: number[], creditCodes: string[]) =>
    editionIds.length && creditCodes.length
      ? ex
          .select({ creditCode: awardDeclarationUnit.creditCode, editionId: d.editionId })
          .from(awardDeclarationUnit)
          .innerJoin(d, eq(d.id, awardDeclarationUnit.declarationId))
          .where(and(inArray(awardDeclarationUnit.creditCode, creditCodes), inArray(awardDeclarationUnit.editionId, editionIds), notDeleted(d), eq(d.status, 'AWARDED')))
      : Promise.resolve([]),

  /** Whether a declaration with this title was reviewed and not awarded in an edition. */
  async notAwardedWithTitle(ex: Executor, editionId: number, title: string): Promise<boolean> {
    const rows = await ex
      .select({ id: d.id })
      .from(d)
      .where(and(eq(d.editionId, editionId), eq(d.title, title), notDeleted(d), inArray(d.status, ['NOT_AWARDED', 'ELIMINATED'])))
      .limit(1);
    return rows.length > 0;
  },

  /** Declarations returned for fixing whose deadline passed before `today`. */
  /** Fixes (限期修改) due between today and `horizon`, both inclusive. */
  fixesDueBy: (ex: Executor, today: string, horizon: string) =>
    ex
      .select({ id: d.id, applicantId: d.applicantId, title: d.title, registrationNo: d.registrationNo, fixDeadline: d.fixDeadline })
      .from(d)
      .where(and(notDeleted(d), eq(d.status, 'FORMAL_RETURNED'), sql`${d.fixDeadline} >= ${today}`, sql`${d.fixDeadline} <= ${horizon}`))
      .orderBy(asc(d.id)),
  /** Drafts and declarations returned by a unit or a nominator: not (yet again) submitted. */
  unsubmittedOf: (ex: Executor) =>
    ex
      .select({ id: d.id, editionId: d.editionId, applicantId: d.applicantId, title: d.title, registrationNo: d.registrationNo, status: d.status })
      .from(d)
      .where(and(notDeleted(d), inArray(d.status, ['DRAFT', 'UNIT_RETURNED', 'NOMINATOR_RETURNED'])))
      .orderBy(asc(d.id)),
  overdueFixes: (ex: Executor, today: string) =>
    ex.select().from(d).where(and(notDeleted(d), eq(d.status, 'FORMAL_RETURNED'), sql`${d.fixDeadline} < ${today}`)).orderBy(asc(d.id)),
};

export type { DeclarationContent };
