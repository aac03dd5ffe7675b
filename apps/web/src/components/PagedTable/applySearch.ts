/**
 * SearchForm's 查询 for a paged list: new values become the table's params (page 1); the same values
 * again refresh instead, because an unchanged query key would not fetch anything.
 */
export function applySearch<S>(values: S, current: S, setSearch: (values: S) => void, refresh: () => unknown): void {
  if (JSON.stringify(values) === JSON.stringify(current)) void refresh();
  else setSearch(values);
}
