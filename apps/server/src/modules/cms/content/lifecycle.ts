import type { ContentStatus } from '@dandelion/shared/cms/content';
import { errors } from '../../../core/errors';

/**
 * The article's status steps: DRAFT → SCHEDULED (a future publish time) or PUBLISHED → OFFLINE →
 * publish again. Anything else is refused with 409 and the reason, so two editors clicking at once
 * cannot, say, offline a draft.
 */

/** Where publishing leads: a time still to come waits for the scheduler; otherwise it is live now. */
export function publishStep(
  article: { title: string; status: string; publishTime: Date | null },
  requested: Date | null,
  now: Date,
): { status: ContentStatus; publishTime: Date } {
  if (article.status === 'PUBLISHED') throw errors.conflict(`文章「${article.title}」已发布，无需重复发布`);
  // Publishing again after an offline keeps the original date unless a new one is given.
  const when = requested ?? (article.publishTime && article.publishTime <= now ? article.publishTime : now);
  return { status: when > now ? 'SCHEDULED' : 'PUBLISHED', publishTime: when };
}

export function assertCanOffline(article: { title: string; status: string }): void {
  if (article.status !== 'PUBLISHED' && article.status !== 'SCHEDULED') {
    throw errors.conflict(`文章「${article.title}」未发布，只有已发布或待发布的文章可以下线`);
  }
}

/**
 * The publish time an edit leaves: a scheduled article must keep a time still to come (or the
 * scheduler would publish it at once); a published one keeps its date when the form sends none.
 */
export function editedPublishTime(article: { status: string; publishTime: Date | null }, requested: Date | null, now: Date): Date | null {
  if (article.status === 'SCHEDULED') {
    const when = requested ?? article.publishTime;
    if (!when || when <= now) throw errors.badRequest('定时发布的文章，发布时间必须晚于当前时间；要立即发布请使用发布');
    return when;
  }
  if (article.status === 'PUBLISHED') return requested ?? article.publishTime;
  return requested;
}
