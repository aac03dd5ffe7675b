import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { siblingPath } from '../form/useFormMode';
import type { SearchFormHandle } from '../SearchForm';
import { applySearch } from './applySearch';
import type { PagedTableHandle } from './PagedTable';

export interface ListPageOptions<S extends object> {
  /** Search fields a link may set in the address (?status=PENDING); the list opens filtered by them. */
  fromAddress?: readonly (keyof S & string)[];
}

/** The values of `keys` an address's query carries (empty ones left out). */
function valuesInQuery(query: string, keys: readonly string[]): Record<string, string> {
  const params = new URLSearchParams(query);
  return Object.fromEntries(keys.map((key) => [key, params.get(key)]).filter((entry): entry is [string, string] => !!entry[1]));
}

/**
 * The state every list page keeps: the table handle, the search values (查询 applies them, the same
 * values again refresh), the search form's handle for 清空条件, and navigation to the sibling
 * add / upd / detail pages.
 *
 * Destructure the result (`const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<S>()`):
 * when `list.table` is passed as a ref, React's compiler lint takes every `list.…` read while
 * rendering (`params={list.search}`) for a read of that ref, and refuses it.
 */
export function useListPage<S extends object>(initial: S = {} as S, options: ListPageOptions<S> = {}) {
  const navigate = useNavigate();
  const { pathname, search: query } = useLocation();
  const fromAddress = options.fromAddress ?? [];
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [addressed] = useState(() => valuesInQuery(query, fromAddress));
  const [search, setSearch] = useState<S>(() => ({ ...initial, ...addressed }));
  const refresh = async () => {
    await table.current?.refresh();
  };
  const onSearch = (values: S) => applySearch(values, search, setSearch, refresh);

  // A link with conditions (a workbench card) filters the list, also when its tab was already open.
  const seenQuery = useRef(query);
  useEffect(() => {
    if (query === seenQuery.current) return;
    seenQuery.current = query;
    const values = valuesInQuery(query, fromAddress);
    if (!Object.keys(values).length) return;
    if (searchForm.current) searchForm.current.apply(values);
    else setSearch({ ...initial, ...values } as S);
    // fromAddress and initial are the page's constants; the address is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  return {
    /** Conditions the address carried when the list opened: the SearchForm's initialValues. */
    addressedSearch: addressed as Partial<S>,
    table,
    /** The ref for the page's SearchForm, so that clearSearch empties its fields too. */
    searchForm,
    search,
    refresh,
    onSearch,
    /**
     * 清空条件 of an empty result: through the search form when it is attached (its fields and its
     * onSearch, with whatever the page does there); otherwise the values alone.
     */
    clearSearch: () => {
      if (searchForm.current) searchForm.current.clear();
      else onSearch({} as S);
    },
    /** Opens a sibling page: open('postUpd', { id }) from /system/post/postList → /system/post/postUpd?id=… */
    open: (page: string, query?: Record<string, string>) => navigate(siblingPath(pathname, page, query)),
  };
}
