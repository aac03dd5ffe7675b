import { useCallback, useState } from 'react';
import { readStored, writeStored } from '../../components/storage';

/** How a list page shows its articles: bars (a list), a grid of cards, or a table. */
export type ViewMode = 'bars' | 'grid' | 'table';

const MODES: readonly ViewMode[] = ['bars', 'grid', 'table'];
const isViewMode = (value: unknown): value is ViewMode => MODES.includes(value as ViewMode);

/** The catalogue's own style (templateStyle LIST / GRID / TABLE) as a view mode. */
export function viewModeOfStyle(style: string | null | undefined): ViewMode | null {
  if (style === 'GRID') return 'grid';
  if (style === 'TABLE') return 'table';
  if (style === 'LIST') return 'bars';
  return null;
}

/**
 * The view mode of a catalogue's list page: the visitor's last choice for that catalogue (kept in
 * localStorage), else the catalogue's template style, else `fallback`.
 */
export function useViewMode(catalogCode: string, preferred: ViewMode | null, fallback: ViewMode = 'bars') {
  const key = `portal:view:${catalogCode}`;
  // The stored choice is read on every render (cheap), so switching catalogues picks up theirs.
  const [, rerender] = useState(0);
  const mode = readStored(key, isViewMode) ?? preferred ?? fallback;
  const choose = useCallback(
    (next: ViewMode) => {
      writeStored(key, next);
      rerender((n) => n + 1);
    },
    [key],
  );
  return [mode, choose] as const;
}
