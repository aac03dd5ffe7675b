import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { fakeServer, ok } from '../../../test/renderApp';
import { useConsoleStore } from '../../../api/consoleStore';
import ThemeListPage from './ThemeListPage';

const theme = (themeId: string, themeName: string, isDefault: boolean) => ({ themeId, themeName, layoutUiName: 'cms-layout', basicProperties: [], isDefault, lockVersion: 0, updateTime: '2026-03-01T02:30:00.000Z' });

function renderPage() {
  const server = fakeServer({
    '/rest/theme/query': () => ok({ list: [theme('1', '默认主题', true), theme('2', '夜间', false)], total: 2, pageNum: 1, pageSize: 10 }),
    '/rest/theme/setGlobalDefaultTheme': () => ok(theme('2', '夜间', true)),
  });
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter([{ path: '/system/theme/themeList', element: <ThemeListPage /> }], { initialEntries: ['/system/theme/themeList'] });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}
const button = (text: string) => Array.from(document.querySelectorAll('button')).find((b) => b.textContent?.replace(/\s/g, '') === text) ?? null;

afterEach(() => vi.unstubAllGlobals());

describe('/system/theme/themeList', () => {
  it('shows only the buttons the user holds', async () => {
    useConsoleStore.setState({ authList: ['system:theme:list'] });
    renderPage();
    expect(await screen.findByText('夜间')).toBeTruthy();
    expect(button('设为默认')).toBeNull();
    expect(button('新增')).toBeNull();
  });

  it('设为默认 asks first, then calls the route', async () => {
    useConsoleStore.setState({ authList: ['system:theme:list', 'system:theme:enable'] });
    const server = renderPage();
    await screen.findByText('夜间');
    // The default theme has no 设为默认: only the other row offers it.
    expect(Array.from(document.querySelectorAll('button')).filter((b) => b.textContent?.replace(/\s/g, '') === '设为默认')).toHaveLength(1);
    fireEvent.click(button('设为默认')!);
    expect(await screen.findByText('确定把“夜间”设为全局默认主题吗？')).toBeTruthy();
    expect(server.callsTo('/rest/theme/setGlobalDefaultTheme')).toHaveLength(0);
    fireEvent.click(button('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/theme/setGlobalDefaultTheme')).toHaveLength(1));
    expect(server.callsTo('/rest/theme/setGlobalDefaultTheme')[0]!.body).toEqual({ themeId: '2' });
  });
});
