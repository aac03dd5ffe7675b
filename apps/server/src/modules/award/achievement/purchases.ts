import type { PageParameter, ServerBody } from '@dandelion/shared';
import { PURCHASE_KIND_LABELS, PURCHASE_NEXT, PURCHASE_STATUS_LABELS, type PurchaseStatus, type purchaseCalls } from '@dandelion/shared/award/achievement';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { EffectiveDataScope } from '../../../core/dataScope';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { PublicPages } from './publicPages';
import { purchaseRepo, type PurchaseRow } from './repo';

export const PURCHASE_LOG_MODULE = 'award:purchase';
/** Where the unit's message sends them: the console list of intentions. */
export const PURCHASE_LIST_LINK = '/award/purchase/purchaseList';

export type PurchaseInput = Omit<ServerBody<typeof purchaseCalls.add>, 'captchaKey' | 'captchaCode'>;

/** The users who answer for a completing unit (users of the org holding the unit-review permission); the lead's wiring answers. */
export type UnitContacts = (ex: Executor, orgId: number) => Promise<number[]>;
/** Sends an in-site message in the caller's transaction (the message module answers). */
export type TellUsers = (ex: Executor, userIds: number[], message: { title: string; body: string; link: string }) => Promise<void>;

export interface PurchaseDeps {
  db: Db;
  pages: Pick<PublicPages, 'shownAchievement'>;
  unitContacts: UnitContacts;
  tell: TellUsers;
}

export const presentPurchase = (row: PurchaseRow) => {
  const { id, declarationId, delFlag: _d, createBy: _c, ...rest } = row;
  return { purchaseId: id, achievementId: declarationId, ...rest };
};

/**
 * Purchase intentions (有意向合作): sent anonymously from an awarded achievement's page, told to the
 * completing unit by in-site message, followed up in the console by the unit and the office
 * (NEW → CONTACTED → CLOSED). Every change is in the operation log.
 */
export function createPurchaseService(deps: PurchaseDeps) {
  const { db } = deps;

  return {
    /** A portal submission (the captcha is already checked): only an achievement the portal shows may be named. */
    submit: (input: PurchaseInput, from: { ip: string }) =>
      withTransaction(db, async (tx) => {
        const achievement = await deps.pages.shownAchievement(tx, input.achievementId);
        if (!achievement) throw errors.notFound('成果');
        const { achievementId, ...fields } = input;
        const row = await purchaseRepo.insert(tx, {
          ...fields,
          declarationId: achievementId,
          achievementTitle: achievement.title ?? '',
          unitOrgId: achievement.unitOrgId,
          unitOrgName: achievement.unitOrgName,
          ip: from.ip,
        });
        await recordOperation(tx, { module: PURCHASE_LOG_MODULE, action: 'CREATE', entityId: row.id, summary: `收到成果「${row.achievementTitle}」的合作意向（${row.organisation}）`, after: presentPurchase(row), actor: null, ip: from.ip });
        const contacts = achievement.unitOrgId === null ? [] : await deps.unitContacts(tx, achievement.unitOrgId);
        if (contacts.length) {
          await deps.tell(tx, contacts, {
            title: `成果「${row.achievementTitle.slice(0, 60)}」收到合作意向`,
            body: `${row.organisation}（${row.contactName}）希望就成果「${row.achievementTitle}」进行${PURCHASE_KIND_LABELS[row.kind]}合作，请在“合作意向”中查看联系方式并跟进。`,
            link: PURCHASE_LIST_LINK,
          });
        }
        return { purchaseId: row.id };
      }),

    async page(filter: { status?: PurchaseStatus; keyword?: string }, scope: EffectiveDataScope, page: PageParameter) {
      const result = await purchaseRepo.page(db, { ...filter, scope }, page);
      return { ...result, list: result.list.map(presentPurchase) };
    },

    /** NEW → CONTACTED | CLOSED, CONTACTED → CLOSED; outside the caller's scope is 404 (as if missing). */
    updateStatus: (id: number, lockVersion: number, status: PurchaseStatus, scope: EffectiveDataScope, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await purchaseRepo.findLive(tx, id);
        if (!before || !(await purchaseRepo.visible(tx, id, scope))) throw errors.notFound('合作意向');
        if (!PURCHASE_NEXT[before.status].includes(status)) {
          throw errors.conflict(`合作意向当前状态为「${PURCHASE_STATUS_LABELS[before.status]}」，不能改为「${PURCHASE_STATUS_LABELS[status]}」`);
        }
        const row = await purchaseRepo.setStatus(tx, id, lockVersion, status, change.actor);
        await recordOperation(tx, {
          module: PURCHASE_LOG_MODULE,
          action: 'UPDATE',
          entityId: id,
          summary: `合作意向（${row.organisation}，成果「${row.achievementTitle}」）改为「${PURCHASE_STATUS_LABELS[status]}」`,
          before: presentPurchase(before),
          after: presentPurchase(row),
          ...change,
        });
        return presentPurchase(row);
      }),
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
