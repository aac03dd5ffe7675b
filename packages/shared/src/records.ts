import { z } from 'zod';
import { zDateTime, zId } from './schemas';

/**
 * Body fields that the simple administration records (roles, posts, applications, layouts) spell
 * the same way, with the same messages.
 */
export const RECORD_STATUSES = ['NORMAL', 'DISABLED'] as const;
export const zRecordStatus = z.enum(RECORD_STATUSES, { error: '状态只能是 NORMAL 或 DISABLED' });
export const zSort = z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').default(0);
export const zRemark = z.string().trim().max(512, '备注不能超过512个字符').nullish().transform((v) => v || null);
export const zLockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

/** delFlag of a live record; a logically deleted one has 1 and is never answered. */
export const DEL_FLAG_LIVE = 0;

/**
 * The audit fields of spec §3 ("on all records"), answered by every administration record: who created it
 * and who last changed it (name and user id; null id for the system itself), when, the logical-delete flag
 * and the optimistic-lock version the next update sends back. Every record schema spreads this one map.
 */
export const auditFields = {
  createTime: zDateTime,
  createBy: z.string().nullable(),
  createById: zId.nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  updateById: zId.nullable(),
  delFlag: z.number().int(),
  lockVersion: z.number(),
};
