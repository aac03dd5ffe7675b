/**
 * Complaints and suggestions sent from the portal and answered in the console: the statuses both
 * sides show and the limits the portal form and the server enforce alike.
 */

/** PENDING (new) → REPLIED (answered, may be answered again) → CLOSED; PENDING may be closed directly. */
export const COMPLAINT_STATUSES = ['PENDING', 'REPLIED', 'CLOSED'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_STATUS_LABELS: Readonly<Record<ComplaintStatus, string>> = { PENDING: '待处理', REPLIED: '已回复', CLOSED: '已关闭' };

export const COMPLAINT_TITLE_MAX = 100;
export const COMPLAINT_CONTENT_MAX = 2000;
export const COMPLAINT_NAME_MAX = 32;
export const COMPLAINT_REPLY_MAX = 2000;
/** Submissions allowed per address in the window (the portal form is anonymous). */
export const COMPLAINT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
