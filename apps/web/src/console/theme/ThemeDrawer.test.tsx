import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall } from '../../test/renderApp';
import { useConsoleStore } from '../../api/consoleStore';
import { loadConsole, renderConsole, signInAsAdmin } from '../../test/consoleHarness';
import type { ConsoleTheme } from '../../api/consoleTypes';
import { defaultTheme, editableValue, withProperty } from './themeModel';

beforeEach(() => {
  signInAsAdmin();
});

afterEach(() => {
  useConsoleStore.getState().reset();
  vi.unstubAllGlobals();
});

const storeValue = (uiName: string) => editableValue(useConsoleStore.getState().theme!, uiName);
const consoleRoot = () => screen.getByTestId('console-layout');

type SavedBody = { layoutUiName: string; basicProperties: Array<{ uiName: string; value: string | boolean | null }> };
const savedBody = (call: FakeCall) => call.body as SavedBody;

/** The server's answer to a save: the sent values as the caller's own theme. */
function echoSaved(call: FakeCall) {
  const body = savedBody(call);
  let theme: ConsoleTheme = { ...defaultTheme(body.layoutUiName), themeId: '9', personal: true };
  for (const p of body.basicProperties) theme = withProperty(theme, p.uiName, p.value);
  return ok(theme);
}

async function openDrawer() {
  fireEvent.click(await screen.findByRole('button', { name: '主题设置' }));
  return screen.findByRole('dialog', { name: '主题设置' });
}

/** Picks a colour from the picker's presets, as a user clicking a swatch would. */
async function pickPreset(drawer: HTMLElement, name: RegExp, index: number) {
  fireEvent.click(within(drawer).getByRole('button', { name }));
  await waitFor(() => expect(document.querySelectorAll('.ant-color-picker-presets-color').length).toBeGreaterThan(index));
  fireEvent.click(document.querySelectorAll('.ant-color-picker-presets-color')[index]!);
}

// antd's colour panel renders slowly under happy-dom; leave room on a busy two-core machine.
describe('ThemeDrawer', { timeout: 60_000 }, () => {
  it('previews a new primary colour at once and saves it as the personal theme', async () => {
    const server = fakeServer({ '/rest/theme/personal/save': echoSaved });
    vi.stubGlobal('fetch', server.fetch);
    loadConsole({ theme: defaultTheme() });
    renderConsole('/home');
    const drawer = await openDrawer();
    expect(consoleRoot().style.getPropertyValue('--dl-primary')).toBe('#1f5fb8');

    // Presets: '#1f5fb8', '#1677ff', '#2f54eb', '#13a8a8', '#389e0d', '#d46b08', '#cf1322', …
    await pickPreset(drawer, /^主题色/, 6);
    await waitFor(() => expect(storeValue('primaryColor')).toBe('#cf1322'));
    expect(await within(drawer).findByRole('button', { name: '主题色：#cf1322' })).toBeTruthy();
    expect(consoleRoot().style.getPropertyValue('--dl-primary')).toBe('#cf1322');

    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('主题已保存')).toBeTruthy();
    const body = savedBody(server.callsTo('/rest/theme/personal/save')[0]!);
    expect(body.layoutUiName).toBe('cms-layout');
    expect(body.basicProperties).toContainEqual({ uiName: 'primaryColor', value: '#cf1322' });
    expect(useConsoleStore.getState().theme).toMatchObject({ themeId: '9', personal: true });
  });

  it('applies a switch at once; once saved, closing the drawer keeps it', async () => {
    const server = fakeServer({ '/rest/theme/personal/save': echoSaved });
    vi.stubGlobal('fetch', server.fetch);
    loadConsole({ theme: defaultTheme() });
    renderConsole('/home');
    const drawer = await openDrawer();
    expect(screen.getByTestId('console-tabs')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('switch', { name: '多页签' }));
    expect(storeValue('multiTab')).toBe(false);
    expect(screen.queryByTestId('console-tabs')).toBeNull();

    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('主题已保存')).toBeTruthy();
    expect(savedBody(server.callsTo('/rest/theme/personal/save')[0]!).basicProperties).toContainEqual({ uiName: 'multiTab', value: false });
    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    expect(storeValue('multiTab')).toBe(false);
  });

  it('switches the layout live and puts everything back when closed unsaved', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    loadConsole({ theme: defaultTheme() });
    renderConsole('/home');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('radio', { name: '顶部菜单布局' }));
    await waitFor(() => expect(consoleRoot().dataset.layout).toBe('top-layout'));
    fireEvent.click(within(within(drawer).getByRole('radiogroup', { name: '顶栏背景图' })).getByRole('radio', { name: '背景 3' }));
    expect(storeValue('headerBackgroundImg')).toBe('3');
    expect(consoleRoot().style.getPropertyValue('--dl-header-bg-image')).toContain('linear-gradient');

    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(consoleRoot().dataset.layout).toBe('cms-layout'));
    expect(storeValue('headerBackgroundImg')).toBe('');
  });

  it('edits the defaults when no theme was loaded', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    loadConsole({ theme: null });
    renderConsole('/home');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('switch', { name: '显示页脚' }));
    expect(storeValue('showFooter')).toBe(false);
    expect(screen.queryByTestId('console-footer')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(useConsoleStore.getState().theme).toBeNull());
    expect(screen.getByTestId('console-footer')).toBeTruthy();
  });

  it('restores the default theme from the server', async () => {
    const globalDefault = withProperty({ ...defaultTheme('top-layout'), themeId: '1' }, 'primaryColor', '#13a8a8');
    const server = fakeServer({ '/rest/theme/personal/reset': ok(globalDefault) });
    vi.stubGlobal('fetch', server.fetch);
    loadConsole({ theme: { ...withProperty(defaultTheme(), 'primaryColor', '#531dab'), personal: true } });
    renderConsole('/home');
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: '恢复默认' }));
    expect(await screen.findByText('已恢复默认主题')).toBeTruthy();
    expect(server.callsTo('/rest/theme/personal/reset')).toHaveLength(1);
    expect(storeValue('primaryColor')).toBe('#13a8a8');
    expect(consoleRoot().dataset.layout).toBe('top-layout');
  });

  it('shows the server’s refusal and keeps the preview', async () => {
    const server = fakeServer({ '/rest/theme/personal/save': refuse(400, '顶栏文字颜色必须是 #RRGGBB 格式的颜色') });
    vi.stubGlobal('fetch', server.fetch);
    loadConsole({ theme: defaultTheme() });
    renderConsole('/home');
    const drawer = await openDrawer();
    await pickPreset(drawer, /^顶栏文字颜色/, 9);
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('顶栏文字颜色必须是 #RRGGBB 格式的颜色')).toBeTruthy();
    expect(storeValue('headerFontColor')).toBe('#001529');
  });
});
