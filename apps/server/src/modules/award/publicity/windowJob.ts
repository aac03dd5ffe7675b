import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { PublicityService } from './service';

/** The task code an installation schedules this job under. */
export const AWARD_PUBLICITY_WINDOWS = 'AWARD_PUBLICITY_WINDOWS';
export const AWARD_PUBLICITY_WINDOWS_HANDLER = 'award.publicityWindows';

/** Opens scheduled publicities on their start date and closes open ones after their end date (Beijing dates). */
export function publicityWindowJob(publicities: Pick<PublicityService, 'advanceWindows'>, now: () => Date): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_PUBLICITY_WINDOWS_HANDLER,
    title: '按公示期开始和结束公示',
    description: `到开始日期的待开始公示自动开始（结果公示的申报书进入结果公示中），公示期满的自动结束，并刷新门户缓存。建议每 5 分钟执行一次（任务编码 ${AWARD_PUBLICITY_WINDOWS}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      const { opened, closed, failed } = await publicities.advanceWindows(now());
      return `开始公示 ${opened} 个，结束公示 ${closed} 个${failed ? `，${failed} 个开始失败` : ''}`;
    },
  };
}
