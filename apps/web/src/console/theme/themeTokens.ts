/**
 * Console theme → Ant Design tokens (ARCHITECTURE §5: one ConfigProvider) plus the few CSS
 * variables for what tokens cannot express: submenu paddings and the background patterns.
 */
import type { CSSProperties } from 'react';
import type { ThemeConfig } from 'antd';
import { THEME_DEFAULTS } from '@dandelion/shared';
import type { ConsoleTheme } from '../../api/consoleTypes';
import { resolveTheme, type ResolvedTheme } from './themeModel';
import { componentVariables, fontWeightNumber, resolveComponents, type ResolvedComponents } from './themeComponents';

/** Header height in px; the sticky sidebar is placed under it. */
export const HEADER_HEIGHT = 56;
/** Collapsed sidebar width; the menu's own collapsed width must match it. */
export const SIDER_COLLAPSED_WIDTH = 64;
export const SIDER_WIDTH = 220;

const px = (value: string) => Number.parseInt(value, 10);

/** antd spreads overrides over its defaults, so an undefined key would erase a default: drop them. */
function defined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

/** Relative luminance of a #rgb / #rrggbb colour (0 dark … 1 light); null when unreadable. */
export function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Pattern ink that stays faint on `background`: light lines on dark colours, dark lines on light ones. */
export function patternInk(background: string): string {
  const l = luminance(background);
  return l !== null && l > 0.45 ? 'rgba(0, 0, 0, 0.05)' : 'rgba(255, 255, 255, 0.14)';
}

export interface BackgroundPattern {
  image: string;
  size: string;
}

/**
 * Spec §9 image options 1–9 as generated CSS patterns (no binary assets to ship or fetch).
 * Faint by design: text on top must keep its contrast. '' or anything else → null (no image).
 */
export function backgroundPattern(option: string, ink: string): BackgroundPattern | null {
  const t = 'transparent';
  switch (option) {
    case '1':
      return { image: `repeating-linear-gradient(45deg, ${ink} 0 2px, ${t} 2px 12px)`, size: 'auto' };
    case '2':
      return { image: `radial-gradient(${ink} 1.5px, ${t} 1.6px)`, size: '16px 16px' };
    case '3':
      return { image: `linear-gradient(${ink} 1px, ${t} 1px), linear-gradient(90deg, ${ink} 1px, ${t} 1px)`, size: '20px 20px' };
    case '4':
      return { image: `linear-gradient(135deg, ${ink} 0%, ${t} 65%)`, size: 'auto' };
    case '5':
      return { image: `conic-gradient(${ink} 25%, ${t} 0 50%, ${ink} 0 75%, ${t} 0)`, size: '24px 24px' };
    case '6':
      return { image: `repeating-linear-gradient(90deg, ${ink} 0 1px, ${t} 1px 10px)`, size: 'auto' };
    case '7':
      return {
        image: `radial-gradient(circle at 85% 15%, ${ink} 0, ${t} 45%), radial-gradient(circle at 10% 95%, ${ink} 0, ${t} 40%)`,
        size: 'auto',
      };
    case '8':
      return {
        image: `repeating-linear-gradient(45deg, ${ink} 0 1px, ${t} 1px 9px), repeating-linear-gradient(-45deg, ${ink} 0 1px, ${t} 1px 9px)`,
        size: 'auto',
      };
    case '9':
      return { image: `linear-gradient(135deg, ${ink} 25%, ${t} 25%), linear-gradient(225deg, ${ink} 25%, ${t} 25%)`, size: '20px 20px' };
    default:
      return null;
  }
}

function menuTokens(r: ResolvedTheme, c: ResolvedComponents) {
  // With a sidebar pattern the items must let it show through; the sider carries the colour.
  const itemBg = r.sliderBackgroundImg && r.layout === 'cms-layout' ? 'transparent' : r.menuBackgroundColor;
  return defined({
    itemColor: r.menuFontColor,
    // antd's default hover colour is the dark text colour, unreadable on a dark menu.
    itemHoverColor: r.selectedMenuFontColor || r.menuFontColor,
    itemBg,
    popupBg: r.menuBackgroundColor,
    subMenuItemBg: r.expandMenuBackgroundColor,
    itemSelectedColor: r.selectedMenuFontColor,
    itemSelectedBg: r.selectedMenuBackgroundColor,
    subMenuItemSelectedColor: r.selectedMenuFontColor,
    horizontalItemSelectedColor: r.selectedMenuFontColor,
    horizontalItemHoverColor: r.selectedMenuFontColor,
    itemHeight: px(c.menuHeight || THEME_DEFAULTS.MENU_HEIGHT),
    fontSize: px(c.menuFontSize || THEME_DEFAULTS.MENU_FONT_SIZE),
    collapsedWidth: SIDER_COLLAPSED_WIDTH,
  });
}

/** The antd theme of the console; nested under the app's, so unset tokens keep the brand values. */
export function consoleThemeConfig(theme: ConsoleTheme | null, layoutUiName?: string): ThemeConfig {
  const r = resolveTheme(theme, layoutUiName);
  const c = resolveComponents(theme);
  return {
    token: { colorPrimary: r.primaryColor, colorLink: r.primaryColor },
    components: {
      Menu: menuTokens(r, c),
      Button: { fontWeight: fontWeightNumber(c.buttonFontWeight) },
      Table: { fontWeightStrong: fontWeightNumber(c.tableHeaderFontWeight) },
      Modal: { fontWeightStrong: fontWeightNumber(c.modalTitleFontWeight) },
      Layout: defined({
        headerBg: r.primaryColor,
        headerColor: r.headerFontColor,
        headerHeight: HEADER_HEIGHT,
        headerPadding: '0 12px',
        siderBg: r.menuBackgroundColor || '#fff',
        lightSiderBg: r.menuBackgroundColor || '#fff',
      }),
    },
  };
}

type CssVariables = CSSProperties & Record<`--${string}`, string>;

/** CSS variables set on the console root (console-layout.css reads them). */
export function consoleThemeVars(theme: ConsoleTheme | null, layoutUiName?: string): CssVariables {
  const r = resolveTheme(theme, layoutUiName);
  const c = resolveComponents(theme);
  const header = backgroundPattern(r.headerBackgroundImg, patternInk(r.primaryColor));
  const menuBg = r.menuBackgroundColor || '#fff';
  const slider = backgroundPattern(r.sliderBackgroundImg, patternInk(menuBg));
  return {
    '--dl-submenu-padding': c.subMenuPadding || THEME_DEFAULTS.SUBMENU_PADDING,
    '--dl-submenu-padding-l2': c.subMenuPaddingL2 || THEME_DEFAULTS.SUBMENU_PADDING_L2,
    '--dl-menu-font-size': c.menuFontSize || THEME_DEFAULTS.MENU_FONT_SIZE,
    '--dl-menu-height': c.menuHeight || THEME_DEFAULTS.MENU_HEIGHT,
    ...componentVariables(c),
    '--dl-primary': r.primaryColor,
    '--dl-header-color': r.headerFontColor,
    '--dl-header-bg-image': header?.image ?? 'none',
    '--dl-header-bg-size': header?.size ?? 'auto',
    '--dl-menu-bg': menuBg,
    '--dl-slider-bg-image': slider?.image ?? 'none',
    '--dl-slider-bg-size': slider?.size ?? 'auto',
    '--dl-header-offset': r.fixHeader ? `${HEADER_HEIGHT}px` : '0px',
  };
}
