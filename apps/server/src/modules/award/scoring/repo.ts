import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, updateVersioned, type Actor } from '../../../core/records';
import { awardReview, awardReviewReopen, awardReviewSetting } from './tables';

export type ReviewRow = typeof awardReview.$inferSelect;
export type ReviewFields = Pick<ReviewRow, 'scores' | 'total' | 'comment' | 'suggestedGrade' | 'status' | 'submittedAt'>;
export type ReviewSettingRow = typeof awardReviewSetting.$inferSelect;
export type ReviewSettingFields = Pick<ReviewSettingRow, 'sdPct' | 'rangePct' | 'outlierSd' | 'outlierMinPct' | 'quotaMode' | 'quotaValue'>;

/** Every query of reviews, their reopenings and the groups' settings; each takes the executor first. */
export const scoringRepo = {
  async byAssignment(ex: Executor, assignmentId: number): Promise<ReviewRow | undefined> {
    const [row] = await ex.select().from(awardReview).where(and(eq(awardReview.assignmentId, assignmentId), eq(awardReview.delFlag, 0))).limit(1);
    return row;
  },

  async lockByAssignment(ex: Executor, assignmentId: number): Promise<ReviewRow | undefined> {
    const [row] = await ex.select().from(awardReview).where(and(eq(awardReview.assignmentId, assignmentId), eq(awardReview.delFlag, 0))).limit(1).for('update');
    return row;
  },

  async insert(ex: Executor, values: Omit<typeof awardReview.$inferInsert, 'id'>, actor: Actor): Promise<ReviewRow> {
    // 0 means "nothing saved yet": the first row starts at 1 so a second tab still holding 0 gets 409.
    const [row] = await ex.insert(awardReview).values({ ...values, lockVersion: 1, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<ReviewFields>, actor: Actor) => updateVersioned(ex, awardReview, id, lockVersion, fields, actor, '评审记录'),

  ofAssignments(ex: Executor, assignmentIds: readonly number[]): Promise<ReviewRow[]> {
    if (assignmentIds.length === 0) return Promise.resolve([]);
    return ex.select().from(awardReview).where(and(inArray(awardReview.assignmentId, [...assignmentIds]), eq(awardReview.delFlag, 0)));
  },

  /** The submitted reviews of an edition's prize, every group: the calibration's and the percentile's population. */
  submittedOf(ex: Executor, editionId: number, prizeId: number): Promise<ReviewRow[]> {
    return ex
      .select()
      .from(awardReview)
      .where(and(eq(awardReview.editionId, editionId), eq(awardReview.prizeId, prizeId), eq(awardReview.status, 'SUBMITTED'), eq(awardReview.delFlag, 0)))
      .orderBy(asc(awardReview.id));
  },

  addReopen: async (ex: Executor, values: typeof awardReviewReopen.$inferInsert) => {
    await ex.insert(awardReviewReopen).values(values);
  },

  reopensOf: (ex: Executor, reviewId: number) => ex.select().from(awardReviewReopen).where(eq(awardReviewReopen.reviewId, reviewId)).orderBy(asc(awardReviewReopen.id)),

  async settingsOf(ex: Executor, groupId: number): Promise<ReviewSettingRow | undefined> {
    const [row] = await ex.select().from(awardReviewSetting).where(and(eq(awardReviewSetting.groupId, groupId), eq(awardReviewSetting.delFlag, 0))).limit(1);
    return row;
  },

  async insertSettings(ex: Executor, groupId: number, fields: ReviewSettingFields, actor: Actor): Promise<ReviewSettingRow> {
    const [row] = await ex.insert(awardReviewSetting).values({ groupId, ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  updateSettings: (ex: Executor, id: number, lockVersion: number, fields: ReviewSettingFields, actor: Actor) =>
    updateVersioned(ex, awardReviewSetting, id, lockVersion, fields, actor, '评审设置'),
};
