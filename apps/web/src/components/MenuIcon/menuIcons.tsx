import type { ComponentType, ReactNode } from 'react';
import Icon from '@ant-design/icons';
import * as antdIcons from './antdIcons';

/** The antd icons menu nodes may name (./antdIcons, a fixed list that keeps the rest of the set out of the bundle). */
const ANTD_ICONS: Readonly<Record<string, ComponentType>> = antdIcons;

/** The antd icon names a menu node may use (the icon picker offers exactly these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ANTD_ICONS);

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
  const Antd = Object.hasOwn(ANTD_ICONS, name) ? ANTD_ICONS[name] : undefined;
  // Decorative: the entry's title names it; antd's English icon labels would only add noise.
  if (Antd) return <Antd aria-hidden />;
  const custom = customIcons.find((icon) => icon.name === name || icon.iconId === name);
  if (!custom?.pathContent) return null;
  return (
    <Icon viewBox={custom.viewBox || '0 0 1024 1024'} data-icon={custom.name} aria-hidden>
      <path d={custom.pathContent} />
    </Icon>
  );
}
