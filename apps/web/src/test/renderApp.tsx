import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
// RouterProvider from 'react-router' (not 'react-router/dom'): React Router's advice for memory
// routers in tests; under Vitest 'react-router/dom' also resolves to the CommonJS build, whose
// router context differs from the ESM one the app's hooks use.
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

/** Renders the real route tree and providers at `path`, in memory. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** A fetch that answers every call with `body` as JSON (the network boundary of the app). */
export function jsonFetch(body: unknown, status = 200) {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
