import type { ComponentType, ReactNode } from 'react';
import Icon, {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  BellOutlined,
  BgColorsOutlined,
  BookOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  ControlOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  NumberOutlined,
  PartitionOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';

/**
 * The antd icons menu nodes may name. A fixed list on purpose: naming icons one by one keeps
 * the rest of the icon set out of the bundle. A new menu icon has to be added here.
 */
const ANTD_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreAddOutlined,
  AppstoreOutlined,
  BellOutlined,
  BgColorsOutlined,
  BookOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  ControlOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  FolderOpenOutlined,
  HomeOutlined,
  IdcardOutlined,
  LayoutOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  NumberOutlined,
  PartitionOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
};

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
