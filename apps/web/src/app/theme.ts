import type { ThemeConfig } from 'antd';

/** Brand colours. The primary blue keeps white button text readable (contrast > 4.5:1). */
export const BRAND = {
  primary: '#1f5fb8',
  /** The dandelion's yellow, used for accents only (never behind text). */
  accent: '#f5b820',
} as const;

/** The one theme of the public portal; console themes (spec §3 Theme) map onto these tokens later. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
