import { MENU_ICON_NAMES } from '../../../components/MenuIcon';
/** Functions: menus and buttons (server: apps/server/src/modules/system/func/routes.ts, icon/routes.ts). */
import { postJson } from '../../../api/http';

export const FUNC_PERMISSIONS = {
  list: 'system:func:list',
  add: 'system:func:add',
  upd: 'system:func:upd',
  detail: 'system:func:detail',
  del: 'system:func:del',
  sort: 'system:func:sort',
} as const;

export type FuncType = 'DIR' | 'MENU' | 'BUTTON';
export const FUNC_TYPE_LABELS: Readonly<Record<FuncType, string>> = { DIR: '目录', MENU: '菜单', BUTTON: '按钮' };

export interface FuncNode {
  id: string;
  pid: string | null;
  funcCode: string;
  funcName: string;
  funcType: FuncType;
  path: string | null;
  url: string | null;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  icon: string | null;
  activeMenu: string | null;
  sort: number;
  status: string;
  lockVersion: number;
  children?: FuncNode[];
}

export type FuncValues = Omit<FuncNode, 'id' | 'lockVersion' | 'children' | 'sort'> & { sort?: number };

export interface IconItem {
  iconId: string;
  iconName: string;
  pathContent: string;
  viewBox: string;
}

export const fetchFuncTree = () => postJson<FuncNode[]>('/rest/menu/getMenuTree', {});
export const fetchMenuTree = () => postJson<FuncNode[]>('/rest/menu/getAllMenuTree', {});
export const fetchFunc = (id: string) => postJson<FuncNode>('/rest/menu/detail', { id }, { silent: true });
export const saveFunc = (values: FuncValues, record?: FuncNode) => {
  // Buttons have their own calls: the server checks their code shape and that the parent is a page.
  if (values.funcType === 'BUTTON') {
    const body = { pid: values.pid, funcCode: values.funcCode, funcName: values.funcName, sort: values.sort, status: values.status };
    return record
      ? postJson<FuncNode>('/rest/button/edit', { ...body, id: record.id, lockVersion: record.lockVersion }, { silent: true })
      : postJson<FuncNode>('/rest/button/add', body, { silent: true });
  }
  return record
    ? postJson<FuncNode>('/rest/menu/editMenu', { ...values, id: record.id, lockVersion: record.lockVersion }, { silent: true })
    : postJson<FuncNode>('/rest/menu/addMenu', values, { silent: true });
};
export const deleteFunc = (id: string) => postJson<null>('/rest/menu/delete', { id });
export const sortFuncs = (pid: string | null, orderedIds: string[]) => postJson<null>('/rest/menu/menuSort', { pid, orderedIds });
export const fetchIcons = () => postJson<IconItem[]>('/rest/icon/list', {});
export const uploadIcon = (iconName: string, svg: string) => postJson<IconItem>('/rest/icon/add', { iconName, svg });

/** The antd icons the console menu can draw. */
export const ANTD_MENU_ICONS = MENU_ICON_NAMES;
