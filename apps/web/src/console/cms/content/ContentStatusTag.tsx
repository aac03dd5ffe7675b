import { Tag } from 'antd';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '@dandelion/shared/cms/content';

const COLOURS: Record<ContentStatus, string> = { DRAFT: 'default', SCHEDULED: 'processing', PUBLISHED: 'success', OFFLINE: 'warning' };

export function ContentStatusTag({ status }: { status: ContentStatus }) {
  return <Tag color={COLOURS[status]}>{CONTENT_STATUS_LABELS[status] ?? status}</Tag>;
}
