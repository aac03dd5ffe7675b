import { useCallback, useState } from 'react';
import { readStored, removeStored, writeStored } from '../storage';

/** Row height of a table: antd's large (宽松), medium (默认), small (紧凑). */
export type TableDensity = 'large' | 'medium' | 'small';

/** Medium rows: a list of 10 rows fits one screen at 1366×768 and the columns keep room for their text. */
export const DEFAULT_DENSITY: TableDensity = 'medium';

export const DENSITY_LABELS: Readonly<Record<TableDensity, string>> = { large: '宽松', medium: '默认', small: '紧凑' };

export interface TableSettings {
  /** Keys of the columns the user has hidden. */
  hidden: string[];
  density: TableDensity;
}

const isDensity = (value: unknown): value is TableDensity => value === 'large' || value === 'medium' || value === 'small';

const isSettings = (value: unknown): value is TableSettings => {
  if (typeof value !== 'object' || value === null) return false;
  const { hidden, density } = value as Record<string, unknown>;
  return Array.isArray(hidden) && hidden.every((key) => typeof key === 'string') && isDensity(density);
};

/** localStorage entry of a table's settings: 'dandelion__table:<tableKey>'. */
export const tableSettingsKey = (tableKey: string) => `table:${tableKey}`;

/**
 * A table's column visibility and density, kept per table key across visits. Sign-out drops the
 * entry with the rest of the user's namespaced data, so the next user starts from the defaults.
 */
export function useTableSettings(tableKey: string, defaultHidden: readonly string[]) {
  const [settings, setSettings] = useState<TableSettings>(
    () => readStored(tableSettingsKey(tableKey), isSettings) ?? { hidden: [...defaultHidden], density: DEFAULT_DENSITY },
  );

  const update = useCallback(
    (next: TableSettings) => {
      setSettings(next);
      writeStored(tableSettingsKey(tableKey), next);
    },
    [tableKey],
  );

  const reset = useCallback(() => {
    setSettings({ hidden: [...defaultHidden], density: DEFAULT_DENSITY });
    removeStored(tableSettingsKey(tableKey));
  }, [tableKey, defaultHidden]);

  return { settings, update, reset };
}
