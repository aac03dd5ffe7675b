import type { PageParameter } from '@dandelion/shared';
import { EDITION_PHASE_LABELS, EDITION_STAGE_LABELS, EDITION_STAGES, type EditionStageDates } from '@dandelion/shared/award/edition';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import type { PrizeDirectory } from '../prize/module';
import { normaliseStages, phaseOn, stageWindow } from './phase';
import { editionRepo, type EditionFields, type EditionFilter, type EditionRow } from './repo';

export const EDITION_MODULE = 'award:edition';

export type EditionInput = EditionFields & { prizeIds: number[] };

export interface EditionDeps {
  db: Db;
  prizes: PrizeDirectory;
  /** Today's date in Beijing (YYYY-MM-DD); phases and windows are counted in Beijing days. */
  today: () => string;
}

/** Dated stages run in the edition's order: none starts before the one ahead of it. */
function checkStageOrder(stages: readonly EditionStageDates[]) {
  let previous: EditionStageDates | null = null;
  for (const stage of stages) {
    if (!stage.startDate) continue;
    if (previous?.startDate && stage.startDate < previous.startDate) {
      throw errors.badRequest(`「${EDITION_STAGE_LABELS[stage.stage]}」的开始日期不能早于「${EDITION_STAGE_LABELS[previous.stage]}」的开始日期`, { field: 'stages' });
    }
    previous = stage;
  }
}

/**
 * Editions the office prepares, publishes and clones: the prizes they open must be live and
 * enabled, the stages run in order, a published edition is never deleted and a finished one never
 * changed. The phase follows the dates (`advancePhases`, run by the scheduler, and every save).
 */
export function createEditionService({ db, prizes, today }: EditionDeps) {
  async function present(ex: Executor, rows: EditionRow[]) {
    const prizeIds = await editionRepo.prizeIdsOf(ex, rows.map((r) => r.id));
    const names = new Map((await prizes.liveAmong(ex, [...new Set([...prizeIds.values()].flat())])).map((p) => [p.id, p.prizeName]));
    return rows.map((row) => {
      const { id, ...rest } = row;
      const ids = (prizeIds.get(id) ?? []).filter((prizeId) => names.has(prizeId));
      return { editionId: id, ...rest, prizeIds: ids, prizeNames: ids.map((prizeId) => names.get(prizeId)!) };
    });
  }
  const presentOne = async (ex: Executor, row: EditionRow) => (await present(ex, [row]))[0]!;

  async function findLive(ex: Executor, id: number): Promise<EditionRow> {
    const row = await editionRepo.findLive(ex, id);
    if (!row) throw errors.notFound('届次');
    return row;
  }

  /** The prizes a form opens exist and are enabled; answers the ids in the form's order. */
  async function checkPrizes(ex: Executor, prizeIds: number[]): Promise<number[]> {
    const found = new Map((await prizes.liveAmong(ex, prizeIds)).map((p) => [p.id, p]));
    for (const id of prizeIds) {
      const prize = found.get(id);
      if (!prize) throw errors.badRequest(`奖种不存在或已被删除：${id}`, { field: 'prizeIds' });
      if (prize.status !== 'NORMAL') throw errors.badRequest(`奖种「${prize.prizeName}」已停用，不能开放申报`, { field: 'prizeIds' });
    }
    return prizeIds;
  }

  function fieldsOf(input: EditionInput): EditionFields {
    const { prizeIds: _prizes, ...fields } = input;
    const stages = normaliseStages(fields.stages, EDITION_STAGES);
    checkStageOrder(stages);
    return { ...fields, stages };
  }

  const log = async (ex: Executor, change: ChangeContext | null, action: string, entityId: number, summary: string, before: EditionRow | null, after: EditionRow | null) =>
    recordOperation(ex, {
      module: EDITION_MODULE,
      action,
      entityId,
      summary,
      before: before && (await presentOne(ex, before)),
      after: after && (await presentOne(ex, after)),
      ...(change ?? { actor: null }),
    });

  return {
    async page(filter: EditionFilter, page: PageParameter) {
      const result = await editionRepo.page(db, filter, page);
      return { ...result, list: await present(db, result.list) };
    },

    detail: async (id: number) => presentOne(db, await findLive(db, id)),

    add: (input: EditionInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const prizeIds = await checkPrizes(tx, input.prizeIds);
        const row = await editionRepo.insert(tx, { ...fieldsOf(input), phase: 'PREPARING' }, change.actor);
        await editionRepo.replacePrizes(tx, row.id, prizeIds);
        await log(tx, change, 'CREATE', row.id, `新增届次「${row.editionName}」`, null, row);
        return presentOne(tx, row);
      }),

    update: (id: number, lockVersion: number, input: EditionInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.phase === 'FINISHED') throw errors.conflict(`届次「${before.editionName}」已结束，不能修改`);
        const prizeIds = await checkPrizes(tx, input.prizeIds);
        const fields = fieldsOf(input);
        if (before.published && !stageWindow(fields.stages, 'DECLARATION')) throw errors.badRequest('已发布的届次必须设置申报起止日期', { field: 'stages' });
        if (before.published && !prizeIds.length) throw errors.badRequest('已发布的届次至少要开放一个奖种', { field: 'prizeIds' });
        const phase = phaseOn({ published: before.published, stages: fields.stages }, today());
        const row = await editionRepo.update(tx, id, lockVersion, { ...fields, phase }, change.actor);
        await editionRepo.replacePrizes(tx, id, prizeIds);
        await log(tx, change, 'UPDATE', id, `修改届次「${row.editionName}」`, before, row);
        return presentOne(tx, row);
      }),

    remove: (id: number, lockVersion: number | undefined, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.published) throw errors.conflict(`届次「${before.editionName}」已发布，不能删除`);
        const after = await editionRepo.softDelete(tx, id, lockVersion, change.actor);
        await log(tx, change, 'DELETE', id, `删除届次「${before.editionName}」`, before, after);
      }),

    publish: (id: number, lockVersion: number, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.published) throw errors.conflict(`届次「${before.editionName}」已发布`);
        const prizeIds = (await editionRepo.prizeIdsOf(tx, [id])).get(id) ?? [];
        if (!prizeIds.length) throw errors.badRequest('请先选择该届次开放的奖种再发布');
        await checkPrizes(tx, prizeIds);
        if (!stageWindow(before.stages, 'DECLARATION')) throw errors.badRequest('请先设置申报的开始和截止日期再发布');
        const phase = phaseOn({ published: true, stages: before.stages }, today());
        const row = await editionRepo.update(tx, id, lockVersion, { published: true, phase }, change.actor);
        await log(tx, change, 'UPDATE', id, `发布届次「${row.editionName}」`, before, row);
        return presentOne(tx, row);
      }),

    cloneFromLast: (change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const last = await editionRepo.latest(tx);
        if (!last) throw errors.conflict('还没有可以复制的届次，请先新增一个届次');
        const year = last.year + 1;
        const lastName = String(last.year);
        const editionName = last.editionName.includes(lastName) ? last.editionName.replaceAll(lastName, String(year)) : `${year}年度`;
        // Prizes disabled or deleted since are left out; the rest keep their order.
        const lastPrizeIds = (await editionRepo.prizeIdsOf(tx, [last.id])).get(last.id) ?? [];
        const enabled = new Set((await prizes.liveAmong(tx, lastPrizeIds)).filter((p) => p.status === 'NORMAL').map((p) => p.id));
        const prizeIds = lastPrizeIds.filter((id) => enabled.has(id));
        const row = await editionRepo.insert(
          tx,
          {
            year,
            editionName,
            stages: normaliseStages([], EDITION_STAGES),
            unitReview: last.unitReview,
            nominatorReview: last.nominatorReview,
            fixDeadlineWorkingDays: last.fixDeadlineWorkingDays,
            eligibility: last.eligibility,
            guide: last.guide,
            phase: 'PREPARING',
          },
          change.actor,
        );
        await editionRepo.replacePrizes(tx, row.id, prizeIds);
        await log(tx, change, 'CREATE', row.id, `复制届次「${last.editionName}」为「${row.editionName}」`, null, row);
        return presentOne(tx, row);
      }),

    /** Moves every published, unfinished edition to the phase its dates give today; answers how many moved. */
    async advancePhases(): Promise<number> {
      let moved = 0;
      for (const edition of await editionRepo.unfinishedPublished(db)) {
        const phase = phaseOn(edition, today());
        if (phase === edition.phase) continue;
        await withTransaction(db, async (tx) => {
          const row = await editionRepo.update(tx, edition.id, edition.lockVersion, { phase }, null);
          await log(tx, null, 'UPDATE', edition.id, `届次「${edition.editionName}」按日期进入「${EDITION_PHASE_LABELS[phase]}」`, edition, row);
        });
        moved += 1;
      }
      return moved;
    },

    /** Prizes open for declaration today: enabled prizes of published editions inside their declaration window. */
    async openPrizes() {
      const date = today();
      const open = (await editionRepo.unfinishedPublished(db)).filter((edition) => phaseOn(edition, date) === 'DECLARING');
      const prizeIds = await editionRepo.prizeIdsOf(db, open.map((e) => e.id));
      const found = new Map((await prizes.liveAmong(db, [...new Set([...prizeIds.values()].flat())])).map((p) => [p.id, p]));
      return open.flatMap((edition) => {
        const window = stageWindow(edition.stages, 'DECLARATION')!;
        return (prizeIds.get(edition.id) ?? [])
          .map((id) => found.get(id))
          .filter((prize) => prize?.status === 'NORMAL')
          .map((prize) => ({
            editionId: edition.id,
            editionName: edition.editionName,
            year: edition.year,
            prizeId: prize!.id,
            prizeCode: prize!.prizeCode,
            prizeName: prize!.prizeName,
            kind: prize!.kind,
            guide: prize!.guide,
            declarationStart: window.startDate,
            declarationEnd: window.endDate,
          }));
      });
    },

    editionsOpening: (ex: Executor, prizeId: number) => editionRepo.editionNamesOpening(ex, prizeId),
  };
}
export type EditionService = ReturnType<typeof createEditionService>;
