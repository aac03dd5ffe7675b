export { PagedTable, pagedTableKey, useRefreshPagedTable } from './PagedTable';
export { applySearch, hasSearchValues } from './applySearch';
export { EmptyState } from './EmptyState';
export type { EmptyAdd, EmptyHint, EmptyStateProps } from './EmptyState';
export type { PageFetcher, PageQuery, PagedColumn, PagedTableHandle, PagedTableProps } from './PagedTable';
export { DENSITY_LABELS, tableSettingsKey, useTableSettings } from './tableSettings';
export type { TableDensity, TableSettings } from './tableSettings';
export { useListPage } from './useListPage';
