export { MENU_ICON_NAMES, menuIcon } from './menuIcons';
export type { CustomIcon } from './menuIcons';
