import { lazy, type ComponentType } from 'react';

/**
 * `React.lazy` for a piece of the portal that draws with antd (a dialog, a drawer, a form, the carousel): its
 * chunk and antd's providers (`withAntdProviders`) load together when the piece is first shown. The portal's
 * pages render without antd on their first load (docs/cms-portal-pages.md).
 */
export function lazyWithAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ withAntdProviders }, Piece] = await Promise.all([import('./withAntdProviders'), load()]);
    return { default: withAntdProviders(Piece) };
  });
}
