import { useLocation, useSearchParams } from 'react-router';
import type { PortalCatalog } from '../api';

/** The navigation's order: the catalogue's `sort`. */
export const bySort = (a: PortalCatalog, b: PortalCatalog) => a.sort - b.sort;

/** The catalogue the address shows: /policy → policy, /category?code=news → news. */
export function useCurrentCode(): string {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/category') return params.get('code') ?? '';
  return decodeURIComponent(pathname.split('/')[1] ?? '').replace(/Detail$/, '');
}
