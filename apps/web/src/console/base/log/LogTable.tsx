import { useCallback, useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import { LOG_COUNT_CAP } from '@dandelion/shared/base/log';
import type { Page } from '@dandelion/shared';
import { PagedTable, useListPage, type EmptyHint, type PagedColumn, type PageFetcher, type PageQuery } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import './log.css';

/** A log page's answer: the server counts at most LOG_COUNT_CAP matches and says when there were more. */
type LogPage<T> = Page<T> & { totalCapped?: boolean };

/** The fetcher, and whether its last answer had more matches than the server counts. */
function useCappedFetcher<T, P>(fetcher: (query: PageQuery<P>, signal: AbortSignal) => Promise<LogPage<T>>): [PageFetcher<T, P>, boolean] {
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

const cap = LOG_COUNT_CAP.toLocaleString('zh-CN');

/** Says that only the newest rows can be paged through, and what to do about it. */
function CappedHint({ capped }: { capped: boolean }) {
  if (!capped) return null;
  return <Typography.Text type="warning">匹配的记录超过 {cap} 条，仅可翻阅最新的 {cap} 条；请缩小时间范围或增加筛选条件</Typography.Text>;
}

export interface LogTableProps<T extends object, S extends object> {
  fields: SearchField[];
  tableKey: string;
  fetcher: (query: PageQuery<S>, signal: AbortSignal) => Promise<LogPage<T>>;
  columns: PagedColumn<T>[];
  /** Width the table scrolls to on a narrow screen. */
  scrollX: number;
  /** Search values the list opens with (a link from another log). */
  initialSearch?: S;
  /** The toolbar, given the search in force (exports send it). */
  toolbar?: (search: S) => ReactNode;
  /** What the log records, for an empty list (logs are written by the platform: no add action). */
  empty: EmptyHint;
}

/** A log list: its search form over a newest-first table that says when the matches exceed what the server counts. */
export function LogTable<T extends object, S extends object>({ fields, tableKey, fetcher, columns, scrollX, initialSearch, toolbar, empty }: LogTableProps<T, S>) {
  const { table, searchForm, search, onSearch, clearSearch } = useListPage<S>(initialSearch);
  const [fetchPage, capped] = useCappedFetcher<T, S>(fetcher);
  return (
    <>
      <SearchForm<S> ref={searchForm} className="dl-log-search" fields={fields} initialValues={initialSearch as Record<string, unknown> | undefined} onSearch={onSearch} />
      <PagedTable<T, S>
        ref={table}
        tableKey={tableKey}
        fetcher={fetchPage}
        title={<CappedHint capped={capped} />}
        params={search}
        columns={columns}
        rowKey="logId"
        onClearSearch={clearSearch}
        empty={empty}
        tableProps={{ scroll: { x: scrollX } }}
        toolbar={toolbar?.(search)}
      />
    </>
  );
}
