import { DEFAULT_DIVERGENCE_THRESHOLDS } from '@dandelion/shared/award/aggregation';
import type { QuotaMode } from '@dandelion/shared/award/scoring';
import type { Executor } from '../../../core/db';
import { scoringRepo } from './repo';

export interface ReviewSettings {
  groupId: number;
  sdPct: number;
  rangePct: number;
  outlierSd: number;
  outlierMinPct: number;
  quotaMode: QuotaMode | null;
  quotaValue: number | null;
}

/** A group's aggregation settings: what the office saved, else aggregation.ts's defaults and no quota line. */
export async function settingsOf(ex: Executor, groupId: number): Promise<ReviewSettings> {
  const row = await scoringRepo.settingsOf(ex, groupId);
  if (!row) return { groupId, ...DEFAULT_DIVERGENCE_THRESHOLDS, quotaMode: null, quotaValue: null };
  const { sdPct, rangePct, outlierSd, outlierMinPct, quotaMode, quotaValue } = row;
  return { groupId, sdPct, rangePct, outlierSd, outlierMinPct, quotaMode, quotaValue };
}

/**
 * The quota as a number of declarations: a percentage of the group's declarations is rounded down
 * (30 % of 7 is 2: the line never lets more through than the share allows). null: no line.
 */
export function quotaCount(settings: Pick<ReviewSettings, 'quotaMode' | 'quotaValue'>, declarations: number): number | null {
  if (settings.quotaMode === null || settings.quotaValue === null) return null;
  if (settings.quotaMode === 'COUNT') return settings.quotaValue;
  return Math.floor((declarations * settings.quotaValue) / 100);
}
