import type { ComponentType } from 'react';
import { AntdProviders } from '../../components/antd/AntdProviders';

/**
 * A portal page or piece that draws with antd, inside antd's providers (theme, locale, App for message and
 * modal): the portal layout sits outside the antd scope (app/routes.tsx), so what needs antd brings them along,
 * in its own chunk. Pages use it for their default export; lazily shown pieces go through `lazyWithAntd`.
 */
export function withAntdProviders<P extends object>(Piece: ComponentType<P>): ComponentType<P> {
  function WithAntdProviders(props: P) {
    return (
      <AntdProviders>
        <Piece {...props} />
      </AntdProviders>
    );
  }
  return WithAntdProviders;
}
