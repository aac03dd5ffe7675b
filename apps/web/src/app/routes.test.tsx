import '../test/setup';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/renderApp';

describe('routes', () => {
  it('redirects an unknown path to /404 and shows the not-found page', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
    expect(document.title).toBe('404');
  });

  it.each([
    ['/403', '抱歉，您无权访问此页面。'],
    ['/500', '抱歉，服务器出错了，请稍后重试。'],
    ['/errorBlank', '抱歉，页面暂时无法显示，请返回首页或稍后重试。'],
  ])('renders %s', async (path, text) => {
    renderApp(path);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
