import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { siblingPath } from '../form/useFormMode';
import { applySearch } from './applySearch';
import type { PagedTableHandle } from './PagedTable';

/**
 * The state every list page keeps: the table handle, the search values (查询 applies them, the same
 * values again refresh), and navigation to the sibling add / upd / detail pages.
 *
 * Destructure the result (`const { table, search, refresh, onSearch, open } = useListPage<S>()`):
 * when `list.table` is passed as a ref, React's compiler lint takes every `list.…` read while
 * rendering (`params={list.search}`) for a read of that ref, and refuses it.
 */
export function useListPage<S extends object>(initial: S = {} as S) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<S>(initial);
  const refresh = async () => {
    await table.current?.refresh();
  };
  return {
    table,
    search,
    refresh,
    onSearch: (values: S) => applySearch(values, search, setSearch, refresh),
    /** Opens a sibling page: open('postUpd', { id }) from /system/post/postList → /system/post/postUpd?id=… */
    open: (page: string, query?: Record<string, string>) => navigate(siblingPath(pathname, page, query)),
  };
}
