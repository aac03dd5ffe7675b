import { useCallback, useImperativeHandle, useMemo, useState, type ReactNode, type Ref } from 'react';
import { Empty, Table, type TableColumnType, type TableProps } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type Page, type PageParameter } from '@dandelion/shared';
import { errorMessage } from '../../api/http';
import { LoadError } from '../LoadError';
import { EmptyState, type EmptyHint } from './EmptyState';
import { hasSearchValues } from './applySearch';
import { TableToolbar } from './TableToolbar';
import { useTableSettings } from './tableSettings';

/** A column of a paged table: `key` is required, it names the column in the saved settings. */
export type PagedColumn<T> = TableColumnType<T> & {
  key: string;
  /** Name in the column settings when `title` is not plain text. */
  settingsTitle?: string;
  /** Not offered in the column settings and never hidden (the 操作 column). */
  alwaysShown?: boolean;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
};

/** Width a column without its own `width` is counted at (it takes a share of what is left, never less). */
export const FLEX_COLUMN_MIN_WIDTH = 120;
/** Room of the row-selection checkboxes. */
const SELECTION_WIDTH = 40;

/**
 * The table's layout width: the fixed columns' widths plus a minimum for each flexible one. With a
 * fixed layout the table fills its area when it is wider, and scrolls sideways only when the area is
 * narrower than this — so the key columns of a list fit at 1366 px instead of the widest cell
 * deciding each column's width.
 */
export function layoutWidthOf(columns: readonly { width?: unknown; minWidth?: unknown }[], selectable: boolean): number {
  const sum = columns.reduce((total, column) => {
    const width = typeof column.width === 'number' ? column.width : typeof column.minWidth === 'number' ? column.minWidth : FLEX_COLUMN_MIN_WIDTH;
    return total + width;
  }, 0);
  return sum + (selectable ? SELECTION_WIDTH : 0);
}

/** A column without a width cuts long text with an ellipsis and shows it whole on hover (title). */
const withEllipsis = <T,>(column: TableColumnType<T>): TableColumnType<T> =>
  column.width === undefined && column.ellipsis === undefined ? { ...column, ellipsis: { showTitle: true } } : column;

/**
 * The footer's count: exact totals as they are, a big list's estimate (the server counts exactly only
 * up to a limit) honestly as an estimate, e.g. 约 1,000,000 条.
 */
export const totalText = (total: number, estimated: boolean) => (estimated ? `约 ${total.toLocaleString('en-US')} 条` : `共 ${total} 条`);

/** The parameters a fetcher receives: the page's own (search values) plus the page wanted. */
export type PageQuery<P> = P & { pageParameter: PageParameter };

export type PageFetcher<T, P> = (query: PageQuery<P>, signal: AbortSignal) => Promise<Page<T>>;

export interface PagedTableHandle {
  /** Reloads the current page (after a delete, say). */
  refresh: () => Promise<void>;
  /** Back to page 1. */
  firstPage: () => void;
}

export interface PagedTableProps<T extends object, P extends object> {
  /** Names the table: its query key and its saved settings ('dandelion__table:<tableKey>'). */
  tableKey: string;
  fetcher: PageFetcher<T, P>;
  /** Search values; a change goes back to page 1. */
  params?: P;
  columns: readonly PagedColumn<T>[];
  rowKey: TableProps<T>['rowKey'];
  /** Row selection for batch actions; selections are kept across pages unless told otherwise. */
  rowSelection?: TableProps<T>['rowSelection'];
  title?: ReactNode;
  /** Buttons on the left of the toolbar (usually an ActionBar). */
  toolbar?: ReactNode;
  /** What the table says with no rows: what the list holds, what to do, the add action (EmptyState). */
  empty: EmptyHint;
  /**
   * Whether a search narrows the rows; by default, whether `params` holds a value. A page whose
   * params also name the record the list belongs to says it from its search values alone.
   */
  searched?: boolean;
  /** 清空条件 when a search matched nothing (useListPage's clearSearch). */
  onClearSearch?: () => void;
  defaultPageSize?: number;
  /** More antd Table props (scroll, expandable…). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'rowKey' | 'rowSelection' | 'loading' | 'size'>;
  ref?: Ref<PagedTableHandle>;
}

/** Query key prefix of every page of one table. */
export const pagedTableKey = (tableKey: string) => ['paged-table', tableKey] as const;

/** A function reloading every loaded page of a table, for code that has no ref to it. */
export function useRefreshPagedTable(tableKey: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: pagedTableKey(tableKey) }), [queryClient, tableKey]);
}

const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

const settingsTitleOf = <T,>(column: PagedColumn<T>) =>
  column.settingsTitle ?? (typeof column.title === 'string' ? column.title : column.key);

/**
 * A server-paged table (ARCHITECTURE §5 list pages): the fetcher gets the search values and the
 * page; the previous page stays on screen while the next loads; the toolbar refreshes, sets the
 * density and shows or hides columns, remembered per table; a failure is shown above the rows; no
 * rows say what the list is for and offer the add action, or, after a search, offer to clear it.
 */
export function PagedTable<T extends object, P extends object = Record<string, never>>(props: PagedTableProps<T, P>) {
  const { tableKey, fetcher, columns, rowKey, rowSelection, title, toolbar, empty, onClearSearch, tableProps, ref } = props;
  const params = props.params ?? ({} as P);
  const paramsKey = JSON.stringify(params);
  const [pager, setPager] = useState({ pageNum: 1, pageSize: props.defaultPageSize ?? DEFAULT_PAGE_SIZE, paramsKey });
  // New search values start at page 1 in the same render, so the old page is never asked for with them.
  const pageNum = pager.paramsKey === paramsKey ? pager.pageNum : 1;
  if (pager.paramsKey !== paramsKey) setPager({ ...pager, pageNum: 1, paramsKey });
  const { pageSize } = pager;

  const query = useQuery({
    queryKey: [...pagedTableKey(tableKey), params, pageNum, pageSize],
    queryFn: ({ signal }) => fetcher({ ...params, pageParameter: { pageNum, pageSize } }, signal),
    placeholderData: keepPreviousData,
    // A list is looked at again after its form page saved: always check on the way back.
    staleTime: 0,
  });
  const page = query.data;

  // Deleting the last rows of the last page leaves it empty: step back to the new last page (in
  // this render, like a change of search values above).
  const lastPage = page ? Math.max(1, Math.ceil(page.total / pageSize)) : pageNum;
  if (page && !query.isPlaceholderData && page.list.length === 0 && lastPage < pageNum) setPager({ ...pager, pageNum: lastPage, paramsKey });

  const { refetch } = query;
  useImperativeHandle(
    ref,
    () => ({
      refresh: async () => {
        await refetch();
      },
      firstPage: () => setPager((current) => ({ ...current, pageNum: 1 })),
    }),
    [refetch],
  );

  const defaultHidden = useMemo(() => columns.filter((c) => c.defaultHidden && !c.alwaysShown).map((c) => c.key), [columns]);
  const { settings, update, reset } = useTableSettings(tableKey, defaultHidden);
  const settable = columns.filter((c) => !c.alwaysShown).map((c) => ({ key: c.key, title: settingsTitleOf(c) }));
  const hidden = new Set(settings.hidden);
  const shown = columns
    .filter((c) => c.alwaysShown || !hidden.has(c.key))
    .map(({ settingsTitle: _t, alwaysShown: _a, defaultHidden: _d, ...column }) => withEllipsis(column));

  // Until the rows for these search values arrive, the empty body would describe other values.
  const current = !!page && !query.isPlaceholderData;
  const emptyText =
    query.isError && !current ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="列表未能加载" />
    ) : (
      <EmptyState {...empty} searched={props.searched ?? hasSearchValues(params)} onClearSearch={onClearSearch} loading={!current} />
    );

  const selection: TableProps<T>['rowSelection'] = rowSelection && {
    preserveSelectedRowKeys: true,
    ...rowSelection,
  };

  return (
    <div>
      <TableToolbar
        title={title}
        actions={toolbar}
        columns={settable}
        settings={settings}
        refreshing={query.isFetching}
        onRefresh={() => void refetch()}
        onChange={update}
        onReset={reset}
      />
      {query.isError && <LoadError message={`列表加载失败：${errorMessage(query.error)}`} onRetry={refetch} style={{ marginBottom: 12 }} />}
      <Table<T>
        tableLayout="fixed"
        scroll={{ x: layoutWidthOf(shown, !!rowSelection) }}
        {...tableProps}
        rowKey={rowKey}
        columns={shown}
        dataSource={page?.list ?? []}
        loading={query.isFetching}
        size={settings.density}
        rowSelection={selection}
        locale={{ ...tableProps?.locale, emptyText }}
        pagination={{
          current: pageNum,
          pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: (total) => totalText(total, !!page?.totalEstimated),
          onChange: (nextPage, nextSize) =>
            setPager((current) => ({ ...current, pageNum: nextSize !== current.pageSize ? 1 : nextPage, pageSize: nextSize })),
        }}
      />
    </div>
  );
}
