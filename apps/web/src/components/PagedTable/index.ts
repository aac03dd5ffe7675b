export { PagedTable, pagedTableKey, useRefreshPagedTable } from './PagedTable';
export { applySearch } from './applySearch';
export type { PageFetcher, PageQuery, PagedColumn, PagedTableHandle, PagedTableProps } from './PagedTable';
export { DENSITY_LABELS, tableSettingsKey, useTableSettings } from './tableSettings';
export type { TableDensity, TableSettings } from './tableSettings';
export { useListPage } from './useListPage';
