import { Tag } from 'antd';
import { SITTING_STATUS_LABELS, type SittingStatus } from '@dandelion/shared/award/committee';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';

const STATUS_COLORS: Record<SittingStatus, string> = { DRAFT: 'default', VOTING: 'processing', CLOSED: 'success' };

export const sittingStatusTag = (status: SittingStatus) => <Tag color={STATUS_COLORS[status]}>{SITTING_STATUS_LABELS[status]}</Tag>;
export const gradeText = (grade: PrizeGrade | null | undefined) => (grade ? PRIZE_GRADE_LABELS[grade] : '—');
export const scoreText = (score: number | null | undefined) => (score === null || score === undefined ? '—' : score.toFixed(2));
export const gradeOptions = (grades: readonly PrizeGrade[]) => grades.map((g) => ({ value: g, label: PRIZE_GRADE_LABELS[g] }));
