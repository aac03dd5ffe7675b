import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A positive integer query parameter (?page=3), 1 when absent or invalid; setting it keeps the other parameters. */
export function usePageParam(name = 'page') {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams((prev) => {
        const copy = new URLSearchParams(prev);
        if (next <= 1) copy.delete(name);
        else copy.set(name, String(next));
        return copy;
      }),
    [name, setParams],
  );
  return [page, setPage] as const;
}
