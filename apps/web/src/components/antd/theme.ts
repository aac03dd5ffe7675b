import type { ThemeConfig } from 'antd';

/** Brand colours. The primary blue keeps white button text readable (contrast > 4.5:1). */
export const BRAND = {
  primary: '#1f5fb8',
  /** The dandelion's yellow, used for accents only (never behind text). */
  accent: '#f5b820',
} as const;

/** Secondary text that stays readable: 5.7:1 on white, 5.3:1 on the page's #f5f7fa. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';

/** The brand theme of the whole app; inside the console, the user's theme (console/theme, spec §3 Theme) is layered over it. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    // antd's 45% black (#8c8c8c) reads at 3.4:1; 60% (#666 on white) keeps captions, hints,
    // statistic titles and breadcrumbs at ≥ 4.5:1 (WCAG AA) on white and on the grey page ground.
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // Placeholders of selects are text on the page (axe checks them): 55% black is 4.7:1 on white.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorLink: BRAND.primary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
  },
};
