/**
 * The antd icons menu nodes may name. A fixed list on purpose: naming icons one by one keeps the
 * rest of the icon set out of the bundle. A new menu icon is added here, and only here.
 */
export {
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
