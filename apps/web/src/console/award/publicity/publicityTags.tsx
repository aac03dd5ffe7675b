import { Tag } from 'antd';
import { PUBLICITY_KIND_LABELS, PUBLICITY_STATUS_LABELS, type PublicityKind, type PublicityStatus } from '@dandelion/shared/award/publicity';

const STATUS_COLORS: Readonly<Record<PublicityStatus, string>> = { DRAFT: 'default', SCHEDULED: 'processing', OPEN: 'success', CLOSED: 'default', WITHDRAWN: 'warning' };

export const publicityStatusTag = (status: PublicityStatus) => <Tag color={STATUS_COLORS[status]}>{PUBLICITY_STATUS_LABELS[status]}</Tag>;
export const publicityKindTag = (kind: PublicityKind) => <Tag color={kind === 'RESULT' ? 'gold' : 'blue'}>{PUBLICITY_KIND_LABELS[kind]}</Tag>;
