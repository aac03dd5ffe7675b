import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { fakeServer, ok } from '../../../test/renderApp';
import { useConsoleStore } from '../../../api/consoleStore';
import FuncFormPage from './FuncFormPage';

afterEach(() => vi.unstubAllGlobals());

describe('/system/func/funcAdd', () => {
  it('switching the type to 按钮 hides the route fields', async () => {
    useConsoleStore.setState({ authList: ['system:func:list', 'system:func:add'] });
    const server = fakeServer({ '/rest/menu/getAllMenuTree': () => ok([]), '/rest/icon/list': () => ok([]) });
    vi.stubGlobal('fetch', server.fetch);
    const router = createMemoryRouter([{ path: '/system/func/funcAdd', element: <FuncFormPage /> }], { initialEntries: ['/system/func/funcAdd'] });
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('路由地址')).toBeTruthy();
    expect(screen.getByText('菜单名称')).toBeTruthy();
    fireEvent.click(screen.getByText('按钮'));
    await waitFor(() => expect(screen.queryByText('路由地址')).toBeNull());
    expect(screen.getByText('按钮名称')).toBeTruthy();
    expect(screen.queryByText('上传图标')).toBeNull();
  });
});
