import type { DivergenceFlag } from '@dandelion/shared/award/aggregation';

/** What each divergence flag means, for the tooltips (the thresholds are the group's settings). */
export const FLAG_HINTS: Readonly<Record<DivergenceFlag, string>> = {
  SPREAD: '各专家总分的标准差超过满分的设定比例（默认15%）',
  RANGE: '最高分与最低分之差超过满分的设定比例（默认30%）',
  OUTLIER: '有专家的总分偏离其他专家均值超过设定的标准差倍数（默认2倍）且差距超过满分的10%',
};
