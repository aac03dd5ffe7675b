import type { PageParameter } from '@dandelion/shared';
import type { PrizeKind } from '@dandelion/shared/award/prize';
import { PUBLICITY_KIND_LABELS, PUBLICITY_STATUS_LABELS, type publicityBody, type PublicityField, type PublicityKind, type PublicityStatus } from '@dandelion/shared/award/publicity';
import type { z } from 'zod';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Executor, Tx } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { auditOf } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { editionDirectory } from '../edition/module';
import { prizeDirectory } from '../prize/module';
import type { PublicityDeps } from './deps';
import { publicityCards } from './names';
import type { PortalPublicityCache } from './portalCache';
import { publicityRepo, type PublicityRow } from './repo';
import { entryOut, fieldSettings, snapshotOf } from './snapshot';
import { beijingDay, windowEnd } from './window';

export const PUBLICITY_MODULE = 'award:publicity';

/** The office as the publicity rules see it. */
export interface Officer {
  change: ChangeContext;
  name: string;
}

type Values = z.output<typeof publicityBody>;

function conflictOf(row: PublicityRow, doing: string) {
  return errors.conflict(`公示「${row.title}」当前状态为「${PUBLICITY_STATUS_LABELS[row.status]}」，不能${doing}`);
}

/** 公示管理: the office's publicities, their entries, the field settings, and the scheduler's opening and closing. */
export function createPublicityService(deps: PublicityDeps, portal: PortalPublicityCache) {
  const { db, declarations } = deps;
  const now = deps.now ?? (() => new Date());

  async function rowsOut(ex: Executor, rows: PublicityRow[]) {
    return (await publicityCards(ex, rows)).map(({ row: r, card }) => ({
      ...card,
      status: r.status,
      leftOutCount: r.leftOut.length,
      openedAt: r.openedAt,
      closedAt: r.closedAt,
      ...auditOf(r),
    }));
  }

  async function detailOf(ex: Executor, row: PublicityRow) {
    const [out] = await rowsOut(ex, [row]);
    const entries = (await publicityRepo.entries(ex, row.id)).map(entryOut);
    return { ...out!, entries: entries as Array<ReturnType<typeof entryOut> & { entryId: number }>, leftOut: row.leftOut.map(({ declarationId, registrationNo, reason }) => ({ declarationId, registrationNo, reason })) };
  }

  /** The edition must open the prize; the prize's kind decides the fields shown. */
  async function prizeKindOf(ex: Executor, editionId: number, prizeId: number): Promise<PrizeKind> {
    const edition = await editionDirectory.find(ex, editionId);
    if (!edition) throw errors.notFound('届次');
    const [prize] = await prizeDirectory.liveAmong(ex, [prizeId]);
    if (!prize) throw errors.notFound('奖种');
    if (!edition.prizeIds.includes(prizeId)) throw errors.badRequest(`届次「${edition.editionName}」未开放奖种「${prize.prizeName}」`);
    return prize.kind;
  }

  /** Start not before today; one live publicity of a kind per edition's prize. */
  async function checked(tx: Tx, values: Values, self: number | null) {
    const prizeKind = await prizeKindOf(tx, values.editionId, values.prizeId);
    if (values.startDate < beijingDay(now())) throw errors.badRequest('公示开始日期不能早于今天');
    const others = (await publicityRepo.live(tx, values.editionId, values.prizeId, values.kind)).filter((r) => r.id !== self);
    if (others.length) throw errors.conflict(`该届次该奖种已有${PUBLICITY_KIND_LABELS[values.kind]}「${others[0]!.title}」`);
    const endDate = await windowEnd(deps.workingDays.within(tx), values.startDate, values.days, values.dayKind);
    return { prizeKind, endDate };
  }

  async function locked(tx: Tx, id: number, lockVersion: number): Promise<PublicityRow> {
    const row = await publicityRepo.lock(tx, id);
    if (!row) throw errors.notFound('公示');
    if (row.lockVersion !== lockVersion) throw errors.staleVersion();
    return row;
  }

  async function log(tx: Tx, change: ChangeContext | null, action: string, summary: string, before: PublicityRow | null, after: PublicityRow) {
    const brief = (r: PublicityRow | null) => (r ? { status: r.status, title: r.title, startDate: r.startDate, endDate: r.endDate, days: r.days, dayKind: r.dayKind } : null);
    await recordOperation(tx, { module: PUBLICITY_MODULE, action, entityId: after.id, summary, before: brief(before), after: brief(after), actor: change?.actor ?? null, ip: change?.ip, requestId: change?.requestId });
  }

  /**
   * Opens a scheduled publicity: the entries are taken again (a declaration may have moved since),
   * a result publicity moves each of its declarations into 结果公示中, and the portal shows it.
   */
  async function open(tx: Tx, row: PublicityRow, officer: Officer | null): Promise<PublicityRow> {
    const [prize] = await prizeDirectory.liveAmong(tx, [row.prizeId]);
    if (prize) {
      const { entries, leftOut } = await snapshotOf(tx, declarations, { editionId: row.editionId, prizeId: row.prizeId, prizeKind: prize.kind, kind: row.kind });
      await publicityRepo.replaceEntries(tx, row.id, entries);
      row = await publicityRepo.update(tx, row.id, row.lockVersion, { leftOut }, officer?.change.actor ?? null);
      if (row.kind === 'RESULT') {
        // The move needs an actor; the scheduler's is the system (id 0, as no user has it).
        const change = officer?.change ?? { actor: { id: 0, name: 'system' } };
        for (const entry of entries) await declarations.move(tx, change, officer?.name ?? '系统', entry.declarationId, 'RESULT_PUBLICITY_START');
      }
    }
    const after = await publicityRepo.update(tx, row.id, row.lockVersion, { status: 'OPEN', openedAt: now() }, officer?.change.actor ?? null);
    await log(tx, officer?.change ?? null, 'OPEN', `开始公示「${row.title}」（${row.startDate} 至 ${row.endDate}）`, row, after);
    return after;
  }

  async function closeRow(tx: Tx, row: PublicityRow, officer: Officer | null, early: boolean): Promise<PublicityRow> {
    const after = await publicityRepo.update(tx, row.id, row.lockVersion, { status: 'CLOSED', closedAt: now() }, officer?.change.actor ?? null);
    await log(tx, officer?.change ?? null, 'CLOSE', `${early ? '提前结束' : '公示期满，结束'}公示「${row.title}」`, row, after);
    return after;
  }

  /** A change the portal shows: committed, then the portal's publicity cache is emptied everywhere. */
  async function portalChange<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await withTransaction(db, fn);
    await portal.invalidateAll();
    return result;
  }

  return {
    async page(filter: { pageParameter: PageParameter; editionId?: number; prizeId?: number; kind?: PublicityKind; status?: PublicityStatus }) {
      const f = { editionId: filter.editionId, prizeId: filter.prizeId, kind: filter.kind, statuses: filter.status ? [filter.status] : undefined };
      const page = await paginate(filter.pageParameter, (limit, offset) => publicityRepo.page(db, f, limit, offset), () => publicityRepo.count(db, f));
      return { ...page, list: await rowsOut(db, page.list) };
    },

    async detail(id: number) {
      const row = await publicityRepo.find(db, id);
      if (!row) throw errors.notFound('公示');
      return detailOf(db, row);
    },

    async preview(input: { editionId: number; prizeId: number; kind: PublicityKind }) {
      const prizeKind = await prizeKindOf(db, input.editionId, input.prizeId);
      const { entries, leftOut } = await snapshotOf(db, declarations, { ...input, prizeKind });
      return { entries: entries.map(entryOut), leftOut: leftOut.map(({ declarationId, registrationNo, reason }) => ({ declarationId, registrationNo, reason })) };
    },

    add: (officer: Officer, values: Values) =>
      withTransaction(db, async (tx) => {
        const { prizeKind, endDate } = await checked(tx, values, null);
        const { entries, leftOut } = await snapshotOf(tx, declarations, { editionId: values.editionId, prizeId: values.prizeId, prizeKind, kind: values.kind });
        const row = await publicityRepo.insert(tx, { ...values, endDate, leftOut }, officer.change.actor);
        await publicityRepo.replaceEntries(tx, row.id, entries);
        await log(tx, officer.change, 'CREATE', `新增${PUBLICITY_KIND_LABELS[row.kind]}「${row.title}」：${entries.length} 项，未公示 ${leftOut.length} 项`, null, row);
        return detailOf(tx, row);
      }),

    update: (officer: Officer, id: number, lockVersion: number, values: Values) =>
      withTransaction(db, async (tx) => {
        const before = await locked(tx, id, lockVersion);
        if (before.status !== 'DRAFT') throw conflictOf(before, '修改');
        const { prizeKind, endDate } = await checked(tx, values, id);
        const { entries, leftOut } = await snapshotOf(tx, declarations, { editionId: values.editionId, prizeId: values.prizeId, prizeKind, kind: values.kind });
        const after = await publicityRepo.update(tx, id, lockVersion, { ...values, endDate, leftOut }, officer.change.actor);
        await publicityRepo.replaceEntries(tx, id, entries);
        await log(tx, officer.change, 'UPDATE', `修改公示「${after.title}」`, before, after);
        return detailOf(tx, after);
      }),

    schedule: (officer: Officer, id: number, lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const before = await locked(tx, id, lockVersion);
        if (before.status !== 'DRAFT') throw conflictOf(before, '发布');
        if (before.startDate < beijingDay(now())) throw errors.conflict(`公示「${before.title}」的开始日期 ${before.startDate} 已过，请先修改开始日期`);
        if (!(await publicityRepo.entryCounts(tx, [id])).get(id)) throw errors.conflict(`公示「${before.title}」没有可公示的申报书`);
        const after = await publicityRepo.update(tx, id, lockVersion, { status: 'SCHEDULED' }, officer.change.actor);
        await log(tx, officer.change, 'SCHEDULE', `发布公示「${after.title}」：${after.startDate} 开始`, before, after);
        return (await rowsOut(tx, [after]))[0]!;
      }),

    withdraw: (officer: Officer, id: number, lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const before = await locked(tx, id, lockVersion);
        if (before.status !== 'DRAFT' && before.status !== 'SCHEDULED') throw conflictOf(before, '撤回');
        const after = await publicityRepo.update(tx, id, lockVersion, { status: 'WITHDRAWN' }, officer.change.actor);
        await log(tx, officer.change, 'WITHDRAW', `撤回公示「${after.title}」`, before, after);
        return (await rowsOut(tx, [after]))[0]!;
      }),

    close: (officer: Officer, id: number, lockVersion: number) =>
      portalChange(async (tx) => {
        const before = await locked(tx, id, lockVersion);
        if (before.status !== 'OPEN') throw conflictOf(before, '结束');
        return (await rowsOut(tx, [await closeRow(tx, before, officer, true)]))[0]!;
      }),

    fieldSettings: () => fieldSettings(db),

    saveFieldSetting: (officer: Officer, prizeKind: PrizeKind, fields: PublicityField[], lockVersion: number) =>
      withTransaction(db, async (tx) => {
        const existing = await publicityRepo.setting(tx, prizeKind);
        const unique = [...new Set(fields)];
        if (!existing && lockVersion !== 0) throw errors.staleVersion();
        const saved = existing ? await publicityRepo.updateSetting(tx, existing.id, lockVersion, unique, officer.change.actor) : await publicityRepo.insertSetting(tx, prizeKind, unique, officer.change.actor);
        await recordOperation(tx, { module: PUBLICITY_MODULE, action: 'UPDATE', entityId: saved.id, summary: `修改公示字段设置（${prizeKind}）`, before: existing ? { fields: existing.fields } : null, after: { fields: saved.fields }, ...officer.change });
        return { prizeKind, fields: saved.fields, lockVersion: saved.lockVersion };
      }),

    /**
     * The scheduler's pass (Beijing dates of `at`): opens every scheduled publicity whose start date
     * has come, closes every open one whose end date has passed, then empties the portal cache once.
     * Each publicity moves in its own transaction, so one failure does not hold the others back
   * (it is counted and retried on the next run).
     */
    async advanceWindows(at: Date): Promise<{ opened: number; closed: number; failed: number }> {
      const today = beijingDay(at);
      let opened = 0;
      let closed = 0;
      let failed = 0;
      for (const { id } of await publicityRepo.dueToOpen(db, today)) {
        try {
          await withTransaction(db, async (tx) => {
            const row = await publicityRepo.lock(tx, id);
            if (row?.status === 'SCHEDULED' && row.startDate <= today) {
              await open(tx, row, null);
              opened++;
            }
          });
        } catch {
          failed++;
        }
      }
      for (const { id } of await publicityRepo.dueToClose(db, today)) {
        try {
          await withTransaction(db, async (tx) => {
            const row = await publicityRepo.lock(tx, id);
            if (row?.status === 'OPEN' && row.endDate < today) {
              await closeRow(tx, row, null, false);
              closed++;
            }
          });
        } catch {
          failed++;
        }
      }
      if (opened || closed) await portal.invalidateAll();
      return { opened, closed, failed };
    },
  };
}
export type PublicityService = ReturnType<typeof createPublicityService>;
