import { Tag } from 'antd';
import { COMPLAINT_STATUS_LABELS, COMPLAINT_STATUSES, type ComplaintStatus } from '@dandelion/shared/cms/complaint';

const COLOURS: Record<ComplaintStatus, string> = { PENDING: 'processing', REPLIED: 'success', CLOSED: 'default' };

export const COMPLAINT_STATUS_OPTIONS = COMPLAINT_STATUSES.map((value) => ({ value, label: COMPLAINT_STATUS_LABELS[value] }));

export function ComplaintStatusTag({ status }: { status: ComplaintStatus }) {
  return <Tag color={COLOURS[status]}>{COMPLAINT_STATUS_LABELS[status] ?? status}</Tag>;
}
