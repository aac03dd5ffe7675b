import { create } from 'zustand';
import { STORAGE_NAMESPACE } from '@dandelion/shared';
import type { ConsoleTheme, InitResponse, MenuNode } from './consoleTypes';

/** A console route built from a menu node (spec §2 Dynamic routes). */
export interface ConsoleRoute {
  /** The menu node's id (the function id); null for routes the console adds itself (home). */
  id: string | null;
  /** Absolute path, e.g. '/system/user/userList'. */
  path: string;
  /** Permission code of the node (spec §2: name). */
  name: string;
  /** Page component key (menu `url`, e.g. 'system/user/userList'); null for groups. */
  component: string | null;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  meta: { title: string; icon: string | null; activeMenu: string | null; permission?: string[] };
  children: ConsoleRoute[];
}

/** Spec §2: the account centre's configured path; also the menu's 个人中心 entry (center:main). */
export const ACCOUNT_CENTER_PATH = '/center';

/** What the guard loads once per session (spec §3 Session state, the parts kept in memory). */
export interface ConsoleData {
  siteName: string;
  /** Routes the user may open, flattened (spec: permissionList). */
  permissionList: ConsoleRoute[];
  /** The visible menu tree (hidden nodes and all-hidden groups removed). */
  menuList: ConsoleRoute[];
  indexMenu: InitResponse['indexMenu'];
  /** Every permission code the user holds: menus and buttons (spec §6: auth list). */
  authList: string[];
  /** Role codes (spec §6: roles list). */
  rolesList: string[];
  customIcons: InitResponse['icons'];
  apps: InitResponse['apps'];
  appDicts: InitResponse['appDicts'];
  appCode: string | null;
  visitUrl: string | null;
  layoutUiName: string;
  theme: ConsoleTheme | null;
  /** The raw server menu, kept for breadcrumbs and the tab titles of hidden pages. */
  templateList: MenuNode[];
}

interface ConsoleState extends ConsoleData {
  /** True once the guard has loaded the permission list for this session. */
  loaded: boolean;
  /** Unread in-site messages (spec §3: defaults to 0). */
  unreadCount: number;
  /** The login dialog a 401 opens (spec §4, §8). */
  loginVisible: boolean;
  setLoaded(data: ConsoleData): void;
  setTheme(theme: ConsoleTheme): void;
  setUnreadCount(count: number): void;
  setLoginVisible(visible: boolean): void;
  /** Forgets everything loaded for the session (logout, 401): the next console visit loads afresh. */
  reset(): void;
}

const EMPTY: ConsoleData = {
  siteName: '',
  permissionList: [],
  menuList: [],
  indexMenu: { path: '/home', component: 'home/index', meta: { title: '首页' } },
  authList: [],
  rolesList: [],
  customIcons: [],
  apps: [],
  appDicts: {},
  appCode: null,
  visitUrl: null,
  layoutUiName: 'cms-layout',
  theme: null,
  templateList: [],
};

/** Spec §6: role codes are also cached under a roles key; sign-out clears it with every 'dandelion__' entry. */
export const ROLES_KEY = `${STORAGE_NAMESPACE}roles`;

function cacheRoles(roles: readonly string[]): void {
  try {
    localStorage.setItem(ROLES_KEY, JSON.stringify(roles));
  } catch {
    // storage disabled: the store still holds them for this page
  }
}

export const useConsoleStore = create<ConsoleState>()((set) => ({
  ...EMPTY,
  loaded: false,
  unreadCount: 0,
  loginVisible: false,
  setLoaded: (data) => {
    cacheRoles(data.rolesList);
    set({ ...data, loaded: true });
  },
  setTheme: (theme) => set({ theme, layoutUiName: theme.layoutUiName }),
  setUnreadCount: (count) => set({ unreadCount: Math.max(0, Math.trunc(count) || 0) }),
  setLoginVisible: (loginVisible) => set({ loginVisible }),
  reset: () => set({ ...EMPTY, loaded: false, unreadCount: 0 }),
}));

/**
 * Whether the user has a console at all: staff do; portal users (applicants), whose menu holds
 * nothing but the home entry and the personal centre, keep the portal's /center.
 */
export function hasConsole(permissionList: readonly ConsoleRoute[]): boolean {
  return permissionList.some((r) => r.component !== null && r.component !== 'home/index' && r.path !== ACCOUNT_CENTER_PATH);
}

/** True when `codes` holds `required` (any one of them, when a list). An empty requirement is met. */
export function holdsPermission(codes: readonly string[], required: string | readonly string[] | undefined): boolean {
  if (required === undefined) return true;
  const list = typeof required === 'string' ? [required] : required;
  if (list.length === 0) return true;
  return list.some((code) => codes.includes(code));
}

/** Whether the signed-in user holds `required` (spec §6: a button is shown only if its key is held). */
export function useHasPermission(required: string | readonly string[] | undefined): boolean {
  const authList = useConsoleStore((s) => s.authList);
  return holdsPermission(authList, required);
}
