import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CSS_CHUNK_LOAD_FAILED, ChunkLoadError, isChunkLoadError, lazyPage } from './lazyPage';
import { RouteError } from './RouteError';

const Page = () => null;

describe('lazyPage (spec §8 chunk load failures)', () => {
  it('a failed style chunk (Vite: "Unable to preload CSS for …") rejects as ChunkLoadError with code CSS_CHUNK_LOAD_FAILED', async () => {
    const load = lazyPage('userList', () => Promise.reject(new Error('Unable to preload CSS for /assets/UserListPage-abc.css')), () => Page);
    const error = await load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: 'ChunkLoadError', code: CSS_CHUNK_LOAD_FAILED, message: 'Loading CSS chunk userList failed.' });
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('a failed script chunk rejects as ChunkLoadError without the CSS code', async () => {
    const load = lazyPage('userList', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')), () => Page);
    const error = await load().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk userList failed.', code: undefined });
  });

  it('the route error page tells a style failure apart and offers to reload', async () => {
    const router = createMemoryRouter([
      { path: '/', lazy: lazyPage('home', () => Promise.reject(new Error('Unable to preload CSS for /assets/a.css')), () => Page), errorElement: <RouteError /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('页面样式加载失败')).toBeTruthy();
    expect(screen.getByText('网络不稳定或系统刚刚更新，请刷新页面后重试。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });

  it('a page that throws while rendering shows the themed error page with its way home', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const router = createMemoryRouter([{ path: '/', Component: Broken, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    // The themed page is its own chunk (antd's Result): a slow first import on a busy machine.
    expect(await screen.findByText('页面出错了', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('抱歉，页面遇到了问题，请返回首页后重试。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });
});
