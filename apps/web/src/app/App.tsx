import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './queryClient';
import { routes } from './routes';

// Created once, outside React (React Router: a data router must not live in React state).
const router = createBrowserRouter(routes);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
