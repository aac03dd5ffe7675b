import type { ReactNode } from 'react';
import { formatNumber, NUMBER_DEFAULT_DECIMALS } from '@dandelion/shared';

export interface NumberTextProps {
  value: number | string | null | undefined;
  /** Decimals kept (rounded half away from zero); two unless given (spec §9). */
  decimals?: number;
  /** Shown when the value is missing or not a number; nothing unless given. */
  empty?: ReactNode;
  prefix?: ReactNode;
  suffix?: ReactNode;
  className?: string;
}

/** A number with thousands separators and fixed decimals (spec §9 number filter): 1234567.891 → 1,234,567.89. */
export function NumberText({ value, decimals = NUMBER_DEFAULT_DECIMALS, empty = null, prefix, suffix, className }: NumberTextProps) {
  const text = formatNumber(value, decimals);
  if (!text) return <>{empty}</>;
  return (
    <span className={className} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {prefix}
      {text}
      {suffix}
    </span>
  );
}
