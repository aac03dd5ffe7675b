/** Functions (menus and buttons) and custom icons: the console's calls of the shared contracts. */
import type { CallData, CallInput } from '@dandelion/shared';
import { funcCalls } from '@dandelion/shared/system/func';
import { iconCalls } from '@dandelion/shared/system/icon';
import { call } from '../../../api/call';
import { MENU_ICON_NAMES } from '../../../components/MenuIcon';

export type FuncNode = CallData<typeof funcCalls.tree>[number];
/** One function as the form loads it. */
export type FuncRecord = CallData<typeof funcCalls.detail>;
/** The fields of the shared form; buttons send only theirs. */
export type FuncValues = CallInput<typeof funcCalls.addMenu>;
export type IconItem = CallData<typeof iconCalls.list>[number];

export const fetchFuncTree = () => call(funcCalls.tree, {});
export const fetchMenuTree = () => call(funcCalls.menuTree, {});
export const fetchFunc = (id: string) => call(funcCalls.detail, { id }, { silent: true });
export const saveFunc = (values: FuncValues, record?: FuncRecord) => {
  // Buttons have their own calls: the server checks their code shape and that the parent is a page.
  if (values.funcType === 'BUTTON') {
    const body = { pid: values.pid ?? '', funcCode: values.funcCode, funcName: values.funcName, sort: values.sort, status: values.status };
    return record
      ? call(funcCalls.editButton, { ...body, id: record.id, lockVersion: record.lockVersion }, { silent: true })
      : call(funcCalls.addButton, body, { silent: true });
  }
  return record
    ? call(funcCalls.editMenu, { ...values, id: record.id, lockVersion: record.lockVersion }, { silent: true })
    : call(funcCalls.addMenu, values, { silent: true });
};
export const deleteFunc = (id: string) => call(funcCalls.remove, { id });
export const sortFuncs = (pid: string | null, orderedIds: string[]) => call(funcCalls.sort, { pid, orderedIds });
export const fetchIcons = () => call(iconCalls.list, {});
export const uploadIcon = (iconName: string, svg: string) => call(iconCalls.add, { iconName, svg });

/** The antd icons the console menu can draw. */
export const ANTD_MENU_ICONS = MENU_ICON_NAMES;
