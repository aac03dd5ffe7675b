import { Tag } from 'antd';
import { EXPERT_STATUS_LABELS, type ExpertStatus } from '@dandelion/shared/award/expert';

const STATUS_COLORS: Record<ExpertStatus, string> = {
  REGISTERED: 'default',
  PENDING_AUDIT: 'processing',
  ACTIVE: 'success',
  REJECTED: 'error',
  SUSPENDED: 'warning',
  BLACKLISTED: 'magenta',
  PENDING_DELETION: 'orange',
  DELETED: 'default',
};
/** An expert's state as a coloured tag (list and detail). */
export const expertStatusTag = (status: ExpertStatus) => <Tag color={STATUS_COLORS[status]}>{EXPERT_STATUS_LABELS[status]}</Tag>;

