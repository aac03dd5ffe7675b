import '../../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useConsoleStore } from '../../api/consoleStore';
import { ConsoleThemeProvider } from './ConsoleThemeProvider';
import { componentValues, resolveComponents, withComponentValue } from './themeComponents';
import { defaultTheme, personalThemeBody } from './themeModel';
import { consoleThemeConfig, consoleThemeVars } from './themeTokens';

const rightAndBold = () => withComponentValue(withComponentValue(defaultTheme(), 'button', 'buttonAlign', 'right'), 'button', 'fontWeight', 'bold');

afterEach(() => useConsoleStore.getState().reset());

describe('styled components of the theme (spec §3, §9)', () => {
  it('without a theme the spec defaults apply: menu 14px / 40px, paddings 0 0 0 10px and 0 0 0 30px, buttons left and normal', () => {
    expect(resolveComponents(null)).toMatchObject({
      menuFontSize: '14px',
      menuHeight: '40px',
      subMenuPadding: '0 0 0 10px',
      subMenuPaddingL2: '0 0 0 30px',
      toolbarButtonAlign: 'left',
      buttonFontWeight: 'normal',
      modalButtonAlign: 'right',
      tableHeaderFontWeight: 'bold',
    });
  });

  it('button alignment and font weight reach antd and the page styles', () => {
    const theme = rightAndBold();
    expect(consoleThemeConfig(theme).components?.Button).toEqual({ fontWeight: 600 });
    expect(consoleThemeConfig(defaultTheme()).components?.Button).toEqual({ fontWeight: 400 });
    expect(consoleThemeVars(theme)).toMatchObject({ '--dl-toolbar-justify': 'flex-end', '--dl-button-weight': '600', '--dl-form-button-justify': 'flex-start' });
    const menu = withComponentValue(defaultTheme(), 'menu', 'fontSize', '16px');
    expect(consoleThemeConfig(menu).components?.Menu).toMatchObject({ fontSize: 16, itemHeight: 40 });
  });

  it('an unreadable stored value falls back to the default, never to the page', () => {
    const theme = withComponentValue(defaultTheme(), 'button', 'buttonAlign', 'left; color:red');
    expect(resolveComponents(theme).toolbarButtonAlign).toBe('left');
  });

  it('the drawer saves every component value with the personal theme', () => {
    const body = personalThemeBody(rightAndBold());
    expect(body.components).toEqual(componentValues(rightAndBold()));
    expect(body.components!.find((c) => c.uiName === 'button')!.properties).toEqual([
      { uiName: 'buttonAlign', value: 'right' },
      { uiName: 'fontWeight', value: 'bold' },
    ]);
  });

  it('the console puts the variables on the document root while mounted (dialogs render in portals) and removes them after', () => {
    useConsoleStore.setState({ theme: rightAndBold() });
    const view = render(
      <ConsoleThemeProvider>
        <p>页面</p>
      </ConsoleThemeProvider>,
    );
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--dl-toolbar-justify')).toBe('flex-end');
    expect(root.style.getPropertyValue('--dl-button-weight')).toBe('600');
    expect(root.classList.contains('dl-console-themed')).toBe(true);
    view.unmount();
    expect(root.style.getPropertyValue('--dl-toolbar-justify')).toBe('');
    expect(root.classList.contains('dl-console-themed')).toBe(false);
  });
});
