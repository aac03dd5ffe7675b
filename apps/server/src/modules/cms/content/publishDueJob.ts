import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { ContentService } from './service';

/** The task code an installation schedules this job under (the scheduler's keys must read `<module>.<job>`). */
export const CMS_PUBLISH_DUE = 'CMS_PUBLISH_DUE';
export const CMS_PUBLISH_DUE_HANDLER = 'cms.publishDue';

/**
 * Scheduled publishing: an article published with a future time waits as SCHEDULED; this job
 * (best run every minute) makes those whose time has come PUBLISHED, their files public, and
 * empties the portal cache.
 */
export function publishDueJob(contents: Pick<ContentService, 'publishDue'>): JobDefinition<typeof noJobParams> {
  return {
    handler: CMS_PUBLISH_DUE_HANDLER,
    title: '发布到期的定时文章',
    description: `把发布时间已到的“待发布”文章改为“已发布”，其文件对访客公开，并刷新门户缓存。建议每分钟执行一次（任务编码 ${CMS_PUBLISH_DUE}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      const published = await contents.publishDue();
      return `已发布到期的定时文章 ${published} 篇`;
    },
  };
}
