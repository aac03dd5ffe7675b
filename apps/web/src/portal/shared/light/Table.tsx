import type { ReactNode } from 'react';
import { PortalPagination } from './Pagination';
import './table.css';

export interface PortalColumn<T> {
  key: string;
  title: string;
  width?: number;
  render: (row: T) => ReactNode;
}

interface PortalTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly PortalColumn<T>[];
  /** While a page loads: the rows stay, dimmed, as in antd's loading table. */
  loading?: boolean;
  /** What an empty table shows in its body. */
  empty: ReactNode;
  /** The table's minimum width: narrower screens scroll it sideways inside its box (antd's scroll.x). */
  minWidth?: number;
  size?: 'small' | 'middle';
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number) => void; showTotal?: (total: number) => string; hideOnSinglePage?: boolean };
  'aria-label'?: string;
}

/**
 * A data table with antd Table's look (grey head, row lines, hover, the pager under it on the right) in a plain
 * <table>: the portal's own lists (我的申报, 我的异议) without antd's table code.
 */
export function PortalTable<T>({ rows, rowKey, columns, loading, empty, minWidth, size = 'middle', pagination, 'aria-label': label }: PortalTableProps<T>) {
  const pager = pagination && !(pagination.hideOnSinglePage && pagination.total <= pagination.pageSize) && pagination.total > 0;
  return (
    <div className={['dl-table', `dl-table--${size}`, loading && 'dl-table--loading'].filter(Boolean).join(' ')} aria-busy={loading || undefined}>
      <div className="dl-table__scroll">
        <table style={minWidth ? { minWidth } : undefined} aria-label={label}>
          <colgroup>
            {columns.map((c) => (
              <col key={c.key} style={c.width ? { width: c.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="dl-table__row">
                {columns.map((c) => (
                  <td key={c.key}>{c.render(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Under the scrolling box, not in it: centred in what the reader sees, as antd keeps it. */}
      {rows.length === 0 && <div className="dl-table__placeholder">{loading ? null : empty}</div>}
      {pager && <PortalPagination className="dl-table__pager" current={pagination.current} pageSize={pagination.pageSize} total={pagination.total} onChange={pagination.onChange} showTotal={pagination.showTotal} />}
    </div>
  );
}
