import { describe, expect, it } from 'vitest';
import { THEME_DEFAULTS } from '@dandelion/shared';
import { PRIMARY_COLOR_FALLBACK, THEME_BASIC_KEYS } from '@dandelion/shared/system/theme';
import type { ConsoleTheme, ThemeProperty } from '../../api/consoleTypes';
import { defaultTheme, editableValue, firstThemeProblem, personalThemeBody, resolveTheme, withLayout, withProperty } from './themeModel';
import { backgroundPattern, consoleThemeConfig, consoleThemeVars, luminance, patternInk } from './themeTokens';

const prop = (uiName: string, value: ThemeProperty['value'], defaultValue: ThemeProperty['defaultValue'] = null): ThemeProperty => ({
  uiName,
  value,
  defaultValue,
  displayName: uiName,
  inputType: typeof value === 'boolean' ? 'switch' : 'colorselect',
});

const theme = (properties: ThemeProperty[], layoutUiName = 'cms-layout'): ConsoleTheme => ({
  themeId: '1',
  themeName: '默认主题',
  layoutUiName,
  basicProperties: properties,
  components: [],
  personal: false,
});

describe('consoleThemeConfig', () => {
  it('maps the colours of a theme onto antd tokens', () => {
    const config = consoleThemeConfig(
      theme([
        prop('primaryColor', '#722ed1'),
        prop('headerFontColor', '#fafafa'),
        prop('menuFontColor', '#333333'),
        prop('menuBackgroundColor', '#001529'),
        prop('selectedMenuFontColor', '#ffffff'),
        prop('selectedMenuBackgroundColor', '#1677ff'),
        prop('expandMenuBackgroundColor', '#000c17'),
      ]),
    );
    expect(config.token).toEqual({ colorPrimary: '#722ed1', colorLink: '#722ed1' });
    expect(config.components?.Menu).toMatchObject({
      itemColor: '#333333',
      itemBg: '#001529',
      itemSelectedColor: '#ffffff',
      itemSelectedBg: '#1677ff',
      subMenuItemBg: '#000c17',
      itemHeight: 40,
      fontSize: 14,
    });
    expect(config.components?.Layout).toMatchObject({ headerBg: '#722ed1', headerColor: '#fafafa', siderBg: '#001529' });
  });

  it('falls back for empty, missing or invalid values (spec §9)', () => {
    const config = consoleThemeConfig(
      theme([prop('primaryColor', ''), prop('headerFontColor', null), prop('menuFontColor', 'not-a-colour'), prop('menuBackgroundColor', '')]),
    );
    expect(config.token?.colorPrimary).toBe(PRIMARY_COLOR_FALLBACK);
    expect(config.components?.Layout?.headerColor).toBe(THEME_DEFAULTS.HEADER_FONT_FALLBACK);
    expect(config.components?.Menu?.itemColor).toBe(THEME_DEFAULTS.MENU_FONT_FALLBACK);
    // An empty colour leaves antd's own instead of overriding it with nothing.
    expect(config.components?.Menu).not.toHaveProperty('itemBg');
    expect(Object.values(config.components?.Menu ?? {})).not.toContain(undefined);
  });

  it('takes a value from the property default when its value is null', () => {
    const config = consoleThemeConfig(theme([prop('primaryColor', null, '#13a8a8')]));
    expect(config.token?.colorPrimary).toBe('#13a8a8');
  });

  it('uses the catalogue defaults without a theme', () => {
    const config = consoleThemeConfig(null);
    expect(config.token?.colorPrimary).toBe(PRIMARY_COLOR_FALLBACK);
    expect(config.components?.Menu?.itemHeight).toBe(40);
    expect(config.components?.Layout?.headerColor).toBe('#ffffff');
  });

  it('lets a sidebar pattern show through the menu items', () => {
    const withImage = consoleThemeConfig(theme([prop('menuBackgroundColor', '#ffffff'), prop('sliderBackgroundImg', '3')]));
    expect(withImage.components?.Menu?.itemBg).toBe('transparent');
    expect(withImage.components?.Layout?.siderBg).toBe('#ffffff');
  });
});

describe('resolveTheme', () => {
  it('reads switches, also from text', () => {
    const r = resolveTheme(theme([prop('multiTab', false), prop('fixHeader', 'true' as never), prop('showFooter', null, false)]));
    expect(r).toMatchObject({ multiTab: false, fixHeader: true, showFooter: false, fixFooter: false });
  });

  it('chooses the layout, defaulting to the sidebar one', () => {
    expect(resolveTheme(theme([], 'top-layout')).layout).toBe('top-layout');
    expect(resolveTheme(theme([], 'other')).layout).toBe('cms-layout');
    expect(resolveTheme(null, 'top-layout').layout).toBe('top-layout');
    expect(resolveTheme(null).layout).toBe('cms-layout');
  });
});

describe('consoleThemeVars', () => {
  it('carries the submenu paddings and background patterns', () => {
    const vars = consoleThemeVars(theme([prop('headerBackgroundImg', '2'), prop('sliderBackgroundImg', '')]));
    expect(vars['--dl-submenu-padding']).toBe('0 0 0 10px');
    expect(vars['--dl-submenu-padding-l2']).toBe('0 0 0 30px');
    expect(vars['--dl-header-bg-image']).toContain('radial-gradient');
    expect(vars['--dl-slider-bg-image']).toBe('none');
    expect(vars['--dl-header-offset']).toBe('56px');
  });

  it('offers nine patterns and none for anything else', () => {
    for (let i = 1; i <= 9; i += 1) expect(backgroundPattern(String(i), 'red')?.image).toContain('red');
    expect(backgroundPattern('', 'red')).toBeNull();
    expect(backgroundPattern('10', 'red')).toBeNull();
  });

  it('draws light lines on dark colours and dark lines on light ones', () => {
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(luminance('blue')).toBeNull();
    expect(patternInk('#ffffff')).toContain('0, 0, 0');
    expect(patternInk('#1f5fb8')).toContain('255, 255, 255');
  });
});

describe('editing', () => {
  it('sets a property, adding it from the catalogue when missing', () => {
    const edited = withProperty(theme([prop('primaryColor', '#111111')]), 'multiTab', false);
    expect(editableValue(edited, 'multiTab')).toBe(false);
    expect(edited.basicProperties.find((p) => p.uiName === 'multiTab')?.inputType).toBe('switch');
    expect(editableValue(withProperty(edited, 'primaryColor', '#222222'), 'primaryColor')).toBe('#222222');
    expect(withLayout(edited, 'top-layout').layoutUiName).toBe('top-layout');
  });

  it('builds the save body with every catalogue key and checks it', () => {
    const body = personalThemeBody(withProperty(defaultTheme('top-layout'), 'primaryColor', '#ff0000'));
    expect(body.layoutUiName).toBe('top-layout');
    expect(body.basicProperties.map((p) => p.uiName)).toEqual(THEME_BASIC_KEYS);
    expect(body.basicProperties.find((p) => p.uiName === 'primaryColor')?.value).toBe('#ff0000');
    expect(firstThemeProblem(body)).toBeNull();
    const bad = personalThemeBody(withProperty(defaultTheme(), 'primaryColor', 'red'));
    expect(firstThemeProblem(bad)).toBe('主题色必须是 #RRGGBB 格式的颜色');
  });
});
