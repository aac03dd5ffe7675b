import type { ComponentType } from 'react';

/** An antd icon module: the icon is its default export. */
export interface IconModule {
  default: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/**
 * The antd icons menu nodes may name, each loaded on its own when a menu shows it. A fixed list on
 * purpose: naming icons one by one keeps the rest of the icon set out of the bundle, and loading them
 * one by one keeps the ~25 KB gzip of all of them out of every console page's first load (the menu
 * shows a handful). A new menu icon is added here, and only here.
 */
export const ANTD_ICON_LOADERS: Readonly<Record<string, () => Promise<IconModule>>> = {
  AlertOutlined: () => import('@ant-design/icons/es/icons/AlertOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreAddOutlined: () => import('@ant-design/icons/es/icons/AppstoreAddOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons/es/icons/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BellOutlined: () => import('@ant-design/icons/es/icons/BellOutlined'),
  BgColorsOutlined: () => import('@ant-design/icons/es/icons/BgColorsOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  CalendarOutlined: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons/es/icons/CarryOutOutlined'),
  CheckSquareOutlined: () => import('@ant-design/icons/es/icons/CheckSquareOutlined'),
  ClockCircleOutlined: () => import('@ant-design/icons/es/icons/ClockCircleOutlined'),
  ClusterOutlined: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  CommentOutlined: () => import('@ant-design/icons/es/icons/CommentOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  CrownOutlined: () => import('@ant-design/icons/es/icons/CrownOutlined'),
  DashboardOutlined: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FolderOpenOutlined: () => import('@ant-design/icons/es/icons/FolderOpenOutlined'),
  FundProjectionScreenOutlined: () => import('@ant-design/icons/es/icons/FundProjectionScreenOutlined'),
  GiftOutlined: () => import('@ant-design/icons/es/icons/GiftOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  LayoutOutlined: () => import('@ant-design/icons/es/icons/LayoutOutlined'),
  MailOutlined: () => import('@ant-design/icons/es/icons/MailOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MessageOutlined: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  NodeIndexOutlined: () => import('@ant-design/icons/es/icons/NodeIndexOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  NumberOutlined: () => import('@ant-design/icons/es/icons/NumberOutlined'),
  PartitionOutlined: () => import('@ant-design/icons/es/icons/PartitionOutlined'),
  ProjectOutlined: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  ReadOutlined: () => import('@ant-design/icons/es/icons/ReadOutlined'),
  SafetyOutlined: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SendOutlined: () => import('@ant-design/icons/es/icons/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShakeOutlined: () => import('@ant-design/icons/es/icons/ShakeOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  TrophyOutlined: () => import('@ant-design/icons/es/icons/TrophyOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  WalletOutlined: () => import('@ant-design/icons/es/icons/WalletOutlined'),
};
