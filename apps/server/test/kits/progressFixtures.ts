/**
 * Data and accounts the process tests share. Not used by the application.
 */
import { inArray } from 'drizzle-orm';
import type { ProcessDefinition } from '@dandelion/shared/base/progress';
import type { DandelionApp } from '../../src/app';
import type { Database, Db } from '../../src/core/db';
import { createdBy } from '../../src/core/records';
import { sysFunc, sysRole, sysRoleFunc, sysUserRole } from '../../src/db/schema';
import { beijingDate, createWorkingDayCalendar, endOfBeijingDay } from '../../src/modules/base/calendar/service';
import type { WorkingDays } from '../../src/modules/base/progress/module';
import { createAccount, signIn } from '../helpers/accounts';

/** The engine's working days answered by the holiday calendar, as app.ts wires them. */
export const calendarWorkingDays: WorkingDays = {
  dueAfter: (ex, from, days) => createWorkingDayCalendar({ db: ex as Db }).addWorkingDays(beijingDate(from), days).then(endOfBeijingDay),
};

/**
 * 申报审核 as the declaration module is expected to run it (the proposal in docs/base-progress.md):
 * 草稿 → 单位推荐 → 形式审查 → 专家评审 → 结果公示 → 完成, with 退回 and 驳回.
 */
export function declarationReview(): ProcessDefinition {
  const t = (from: string, to: string, action: string, label: string, who: { roles?: string[]; permissions?: string[] }, commentRequired = false) => ({
    from, to, action, label, roles: who.roles ?? [], permissions: who.permissions ?? [], commentRequired,
  });
  return {
    stages: [
      { code: 'DRAFT', name: '草稿', kind: 'start', limitDays: null },
      { code: 'UNIT', name: '单位推荐', kind: 'normal', limitDays: 5 },
      { code: 'FORMAL', name: '形式审查', kind: 'normal', limitDays: 10 },
      { code: 'EXPERT', name: '专家评审', kind: 'normal', limitDays: 20 },
      { code: 'PUBLICITY', name: '结果公示', kind: 'normal', limitDays: 7 },
      { code: 'DONE', name: '完成', kind: 'end', limitDays: null },
      { code: 'REJECTED', name: '未通过', kind: 'end', limitDays: null },
    ],
    transitions: [
      t('DRAFT', 'UNIT', 'SUBMIT', '提交', { roles: ['APPLICANT'] }),
      t('UNIT', 'FORMAL', 'RECOMMEND', '推荐', { permissions: ['declare:unit:recommend'] }),
      t('UNIT', 'DRAFT', 'RETURN', '退回', { permissions: ['declare:unit:recommend'] }, true),
      t('FORMAL', 'EXPERT', 'PASS', '通过', { roles: ['REVIEWER'] }),
      t('FORMAL', 'DRAFT', 'RETURN', '退回', { roles: ['REVIEWER'] }, true),
      t('FORMAL', 'REJECTED', 'REJECT', '驳回', { roles: ['REVIEWER'] }, true),
      t('EXPERT', 'PUBLICITY', 'FINISH', '评审完成', { roles: ['REVIEWER'] }),
      t('EXPERT', 'REJECTED', 'REJECT', '不予推荐', { roles: ['REVIEWER'] }, true),
      t('PUBLICITY', 'DONE', 'CONFIRM', '公示无异议', { roles: ['REVIEWER'] }),
      t('PUBLICITY', 'EXPERT', 'OBJECTION', '异议复核', { roles: ['REVIEWER'] }, true),
    ],
  };
}

/** 待审 → 审核 → 完成: the smallest useful process (limit 3 working days on 审核). */
export function twoStepReview(): ProcessDefinition {
  return {
    stages: [
      { code: 'DRAFT', name: '待提交', kind: 'start', limitDays: 2 },
      { code: 'AUDIT', name: '审核', kind: 'normal', limitDays: 3 },
      { code: 'DONE', name: '完成', kind: 'end', limitDays: null },
    ],
    transitions: [
      { from: 'DRAFT', to: 'AUDIT', action: 'SUBMIT', label: '提交', roles: ['APPLICANT'], permissions: [], commentRequired: false },
      { from: 'AUDIT', to: 'DONE', action: 'PASS', label: '通过', roles: ['REVIEWER'], permissions: [], commentRequired: false },
      { from: 'AUDIT', to: 'DRAFT', action: 'RETURN', label: '退回', roles: ['REVIEWER'], permissions: ['declare:audit:return'], commentRequired: true },
    ],
  };
}

/**
 * An account holding exactly `funcCodes` (through a role of its own) and the seeded roles
 * `roleCodes`; answers its authorization header.
 */
export async function accountWith(
  ctx: { app: DandelionApp; database: Database },
  username: string,
  grant: { funcCodes?: string[]; roleCodes?: string[] },
): Promise<Record<string, string>> {
  const password = 'Progress@2026';
  const user = await createAccount(ctx.database, { username, password, roleCodes: grant.roleCodes ?? [] });
  if (grant.funcCodes?.length) {
    const db = ctx.database.db;
    const [role] = await db.insert(sysRole).values({ roleCode: `R_${username.toUpperCase()}`, roleName: `${username}的角色`, dataScope: 'SELF', ...createdBy(null) }).returning();
    const funcs = await db.select({ id: sysFunc.id }).from(sysFunc).where(inArray(sysFunc.funcCode, grant.funcCodes));
    if (funcs.length !== grant.funcCodes.length) throw new Error(`unknown function codes among ${grant.funcCodes.join(', ')}`);
    await db.insert(sysRoleFunc).values(funcs.map((f) => ({ roleId: role!.id, funcId: f.id })));
    await db.insert(sysUserRole).values({ userId: user.id, roleId: role!.id });
  }
  return { authorization: await signIn(ctx.app, username, password) };
}
