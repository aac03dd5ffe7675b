import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { EditionService } from './service';

/** The task code an installation schedules this job under. */
export const AWARD_EDITION_PHASES = 'AWARD_EDITION_PHASES';
export const AWARD_EDITION_PHASES_HANDLER = 'award.editionPhases';

/**
 * Opening and closing by the dates: a published edition starts declaring on the first day of its
 * declaration window, stops on the day after the last, and finishes when its last stage has ended.
 */
export function editionPhaseJob(editions: Pick<EditionService, 'advancePhases'>): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_EDITION_PHASES_HANDLER,
    title: '按日期推进届次阶段',
    description: `把已发布届次的阶段（筹备中、申报中、评审中、已结束）按各阶段日期推进。建议每分钟执行一次（任务编码 ${AWARD_EDITION_PHASES}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      const moved = await editions.advancePhases();
      return `推进届次阶段 ${moved} 个`;
    },
  };
}
