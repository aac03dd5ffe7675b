import { lazy, Suspense, type ReactNode } from 'react';
import Icon from '@ant-design/icons';
import { ANTD_ICON_LOADERS } from './antdIcons';

/** The antd icon names a menu node may use (the icon picker offers exactly these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ANTD_ICON_LOADERS);

/** One lazy component per icon name, made once (`lazy` loads nothing until the icon is drawn). */
const LAZY_ICONS = Object.fromEntries(Object.entries(ANTD_ICON_LOADERS).map(([name, load]) => [name, lazy(load)]));

/**
 * An antd icon of the fixed list, loaded on first use. Until it arrives an empty box of the icon's
 * size holds its place, so the entry's text does not move. `className` is what antd's Menu adds.
 */
function AntdMenuIcon({ name, className }: { name: string; className?: string }) {
  const placeholder = <span className={['anticon', className].filter(Boolean).join(' ')} style={{ width: '1em', height: '1em' }} aria-hidden />;
  const Loaded = LAZY_ICONS[name];
  return <Suspense fallback={placeholder}>{Loaded && <Loaded className={className} aria-hidden />}</Suspense>;
}

export interface CustomIcon {
  iconId: string;
  name: string;
  /** SVG path data on the grid of viewBox. */
  pathContent: string;
  /** The uploaded file's viewBox; icon-font icons use 0 0 1024 1024. */
  viewBox?: string;
}

/** The icon a menu node names: an antd icon, else a custom icon by name or id, else none. */
export function menuIcon(name: string | null | undefined, customIcons: readonly CustomIcon[]): ReactNode {
  if (!name) return null;
  // Decorative: the entry's title names it; antd's English icon labels would only add noise.
  if (Object.hasOwn(ANTD_ICON_LOADERS, name)) return <AntdMenuIcon name={name} />;
  const custom = customIcons.find((icon) => icon.name === name || icon.iconId === name);
  if (!custom?.pathContent) return null;
  return (
    <Icon viewBox={custom.viewBox || '0 0 1024 1024'} data-icon={custom.name} aria-hidden>
      <path d={custom.pathContent} />
    </Icon>
  );
}
