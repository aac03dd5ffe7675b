/**
 * Page request schemas (ARCHITECTURE §4 Pages): requests carry
 * `pageParameter: { pageNum, pageSize }` with pageSize at most 500.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope';

export const DEFAULT_PAGE_NUM = 1;
export const PAGE_NUM_MESSAGE = '页码必须是正整数';
export const PAGE_SIZE_MESSAGE = `每页条数必须在1到${MAX_PAGE_SIZE}之间`;

/**
 * `{ pageNum, pageSize }`. Both accept numbers and numeric strings (query
 * strings), are coerced with Number(), and default when absent:
 * pageNum integer ≥ 1 (default 1), pageSize integer 1..500 (default 10).
 */
export const pageParameterSchema = z.object({
  pageNum: z.coerce
    .number({ error: PAGE_NUM_MESSAGE })
    .int(PAGE_NUM_MESSAGE)
    .min(1, PAGE_NUM_MESSAGE)
    .default(DEFAULT_PAGE_NUM),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE)
    .default(DEFAULT_PAGE_SIZE),
});

export type PageParameterInput = z.input<typeof pageParameterSchema>;

/** Default page parameter used when a request omits it. */
export const DEFAULT_PAGE_PARAMETER = { pageNum: DEFAULT_PAGE_NUM, pageSize: DEFAULT_PAGE_SIZE } as const;

/**
 * A page request body: `pageParameter` (defaulted to page 1 of 10) plus the
 * feature's own search fields, e.g. `pageRequestSchema({ userName: z.string().optional() })`.
 */
export function pageRequestSchema<S extends z.ZodRawShape>(extraShape: S) {
  return z.object({
    pageParameter: pageParameterSchema.default({ ...DEFAULT_PAGE_PARAMETER }),
    ...extraShape,
  });
}
