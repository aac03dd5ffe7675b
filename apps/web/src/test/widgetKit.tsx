/**
 * Rendering helpers for widget tests: the real app providers (antd in Chinese, TanStack Query)
 * around one widget, optionally inside a one-route memory router. The network stays the
 * boundary: tests stub `fetch` with `fakeServer` from ./renderApp.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// RouterProvider from 'react-router' (not 'react-router/dom'): React Router's advice for memory
// routers in tests; under Vitest 'react-router/dom' also resolves to the CommonJS build, whose
// router context differs from the ESM one the app's hooks use.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `ui` inside the app providers. */
export function renderWidget(ui: ReactElement, queryClient = testQueryClient()) {
  const view = render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
  return { ...view, queryClient };
}

/** Renders a memory router inside the app providers. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>, queryClient = testQueryClient()) {
  const view = renderWidget(<RouterProvider router={router} />, queryClient);
  return { ...view, router };
}

/** Renders `ui` as the element of route `path`, opened at `entry` (e.g. '/system/user/userUpd?id=7'). */
export function renderAtRoute(ui: ReactElement, path: string, entry: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter([{ path, element: ui }, { path: '*', element: <p>其他页面</p> }], {
    initialEntries: [entry],
  });
  return renderRouter(router, queryClient);
}

/** The button whose visible text is `text` (antd wraps the text in a span). */
export function buttonNamed(text: string): HTMLButtonElement | null {
  const spans = Array.from(document.querySelectorAll('button span'));
  const span = spans.find((el) => el.textContent === text);
  return (span?.closest('button') as HTMLButtonElement | null) ?? null;
}
