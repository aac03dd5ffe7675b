import { Tag } from 'antd';
import { DECLARATION_STATUS_LABELS, type DeclarationStatus } from '@dandelion/shared/award/declaration';

/** Colours by what the status means to the applicant: waiting, returned, accepted, out. */
const COLORS: Partial<Record<DeclarationStatus, string>> = {
  DRAFT: 'default',
  SUBMITTED: 'processing',
  UNIT_APPROVED: 'processing',
  NOMINATED: 'processing',
  UNIT_RETURNED: 'warning',
  NOMINATOR_RETURNED: 'warning',
  FORMAL_RETURNED: 'warning',
  ACCEPTED: 'success',
  AWARDED: 'success',
  NOT_ACCEPTED: 'error',
  ELIMINATED: 'error',
  NOT_AWARDED: 'error',
  WITHDRAWN: 'default',
};

export function declarationStatusTag(status: DeclarationStatus) {
  return <Tag color={COLORS[status] ?? 'blue'}>{DECLARATION_STATUS_LABELS[status]}</Tag>;
}
