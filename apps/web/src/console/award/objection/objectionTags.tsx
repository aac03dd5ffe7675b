import { Tag } from 'antd';
import { OBJECTION_STATUS_LABELS, type ObjectionStatus } from '@dandelion/shared/award/objection';

const STATUS_COLORS: Readonly<Record<ObjectionStatus, string>> = {
  RECEIVED: 'processing',
  ACCEPTED: 'blue',
  NOT_ACCEPTED: 'default',
  INVESTIGATING: 'gold',
  UPHELD: 'error',
  DISMISSED: 'success',
};

export const objectionStatusTag = (status: ObjectionStatus) => <Tag color={STATUS_COLORS[status]}>{OBJECTION_STATUS_LABELS[status]}</Tag>;
