import type { SearchField } from './searchValues';

/** Width one field needs with its label: below it, the row holds one field fewer. */
export const SEARCH_CELL_MIN_WIDTH = 280;
const MAX_COLUMNS = 4;

export interface SearchGrid {
  /** Fields in a row. */
  columns: number;
  /** antd grid span of a field (24 a row). */
  span: number;
  /** Span of a date range: two cells, or the whole row when one field fills it. */
  rangeSpan: number;
}

/**
 * The search grid for the width the form has: as many columns of at least 280 px as fit, at most
 * four. Before the width is known (0), three columns — what a list beside no panel gets at 1366 px.
 */
export function searchGridOf(width: number): SearchGrid {
  const columns = width > 0 ? Math.min(MAX_COLUMNS, Math.max(1, Math.floor(width / SEARCH_CELL_MIN_WIDTH))) : 3;
  const span = 24 / columns;
  return { columns, span, rangeSpan: Math.min(24, span * 2) };
}

const CHARACTER_WIDTH = 14;
/** The colon and the gap between label and box. */
const LABEL_PADDING = 22;
const MIN_LABEL_WIDTH = 64;
const MAX_LABEL_WIDTH = 124;

/** One label width for the whole form: its longest label, within bounds (a longer one wraps). */
export function labelWidthOf(fields: readonly Pick<SearchField, 'label'>[]): number {
  const longest = Math.max(0, ...fields.map((field) => [...field.label].length));
  return Math.min(MAX_LABEL_WIDTH, Math.max(MIN_LABEL_WIDTH, longest * CHARACTER_WIDTH + LABEL_PADDING));
}
