import { Tag } from 'antd';
import { NOTICE_PRIORITY_LABELS, type NoticePriority } from '@dandelion/shared/message/notice';

const PRIORITY_COLOURS: Partial<Record<NoticePriority, string>> = { URGENT: 'red', IMPORTANT: 'orange' };

/** 紧急 / 重要 as a coloured tag; 普通 shows nothing unless asked. */
export function PriorityTag({ priority, showNormal = false }: { priority: NoticePriority; showNormal?: boolean }) {
  if (priority === 'NORMAL' && !showNormal) return null;
  return <Tag color={PRIORITY_COLOURS[priority]}>{NOTICE_PRIORITY_LABELS[priority] ?? priority}</Tag>;
}
