import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { siblingPath } from '../form/useFormMode';
import type { SearchFormHandle } from '../SearchForm';
import { applySearch } from './applySearch';
import type { PagedTableHandle } from './PagedTable';

/**
 * The state every list page keeps: the table handle, the search values (查询 applies them, the same
 * values again refresh), the search form's handle for 清空条件, and navigation to the sibling
 * add / upd / detail pages.
 *
 * Destructure the result (`const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<S>()`):
 * when `list.table` is passed as a ref, React's compiler lint takes every `list.…` read while
 * rendering (`params={list.search}`) for a read of that ref, and refuses it.
 */
export function useListPage<S extends object>(initial: S = {} as S) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<S>(initial);
  const refresh = async () => {
    await table.current?.refresh();
  };
  const onSearch = (values: S) => applySearch(values, search, setSearch, refresh);
  return {
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
