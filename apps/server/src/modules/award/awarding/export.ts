import { HONOUR_STATUS_LABELS } from '@dandelion/shared/award/awarding';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { workbookOf, type SheetColumn } from '../../../core/excel';
import type { HonourRow } from './repo';

type ListedHonour = HonourRow & { prizeName: string };

const COLUMNS: readonly SheetColumn<ListedHonour>[] = [
  { header: '奖种', width: 16, value: (r) => r.prizeName },
  { header: '授奖结果', width: 10, value: (r) => HONOUR_STATUS_LABELS[r.status] },
  { header: '等级', width: 10, value: (r) => (r.grade ? PRIZE_GRADE_LABELS[r.grade] : '') },
  { header: '登记号', width: 18, value: (r) => r.registrationNo },
  { header: '证书编号', width: 18, value: (r) => r.certificateNo },
  { header: '项目名称', width: 40, value: (r) => r.title },
  // In rank order: the order is part of the award.
  { header: '完成人（按排序）', width: 40, value: (r) => r.completers.join('、') },
  { header: '完成单位（按排序）', width: 48, value: (r) => r.units.join('、') },
];

/** The award list as one sheet, in the list's order (prize, awarded first, grade, registration number). */
export function awardListWorkbook(rows: readonly ListedHonour[]): Promise<Buffer> {
  return workbookOf('授奖名单', COLUMNS, rows);
}
