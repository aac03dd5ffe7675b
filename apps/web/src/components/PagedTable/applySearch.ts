/**
 * SearchForm's 查询 for a paged list: new values become the table's params (page 1); the same values
 * again refresh instead, because an unchanged query key would not fetch anything.
 */
export function applySearch<S>(values: S, current: S, setSearch: (values: S) => void, refresh: () => unknown): void {
  if (JSON.stringify(values) === JSON.stringify(current)) void refresh();
  else setSearch(values);
}

/**
 * Whether search values narrow a list: any value set, an empty string or list counting as unset.
 * An empty list is then "nothing matched" rather than "nothing stored".
 */
export function hasSearchValues(values: object | undefined): boolean {
  return Object.values(values ?? {}).some((value) => {
    if (value === undefined || value === null) return false;
    if (typeof value === 'string') return value.trim() !== '';
    if (Array.isArray(value)) return value.length > 0;
    return true;
  });
}
