import { useCallback, useState } from 'react';
import { Typography } from 'antd';
import type { PageFetcher, PageQuery } from '../../../components/PagedTable';
import type { LogPage } from './api';

/** Log lists count at most this many rows (server: modules/base/log/listing.ts COUNT_CAP). */
export const COUNT_CAP = 100_000;

/** The fetcher, and whether its last answer had more matches than the server counts. */
export function useCappedFetcher<T, P>(fetcher: (query: PageQuery<P>, signal: AbortSignal) => Promise<LogPage<T>>): [PageFetcher<T, P>, boolean] {
  const [capped, setCapped] = useState(false);
  const wrapped = useCallback(
    async (query: PageQuery<P>, signal: AbortSignal) => {
      const page = await fetcher(query, signal);
      setCapped(!!page.totalCapped);
      return page;
    },
    [fetcher],
  );
  return [wrapped, capped];
}

/** Says that only the newest rows can be paged through, and what to do about it. */
export function CappedHint({ capped }: { capped: boolean }) {
  if (!capped) return null;
  return <Typography.Text type="warning">匹配的记录超过 {COUNT_CAP.toLocaleString('zh-CN')} 条，仅可翻阅最新的 {COUNT_CAP.toLocaleString('zh-CN')} 条；请缩小时间范围或增加筛选条件</Typography.Text>;
}
