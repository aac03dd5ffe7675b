import type { ThemeConfig } from 'antd';

/** Brand colours. The primary blue keeps white button text readable (contrast > 4.5:1). */
export const BRAND = {
  primary: '#1f5fb8',
  /** The dandelion's yellow, used for accents only (never behind text). */
  accent: '#f5b820',
} as const;

/** The brand theme of the whole app; inside the console, the user's theme (console/theme, spec §3 Theme) is layered over it. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorLink: BRAND.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
