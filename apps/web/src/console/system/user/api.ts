/** Users (spec §7 /rest/user/*, /api/service); server: apps/server/src/modules/system/user/routes.ts. */
import type { Page } from '@dandelion/shared';
import { getJson, postJson, type RequestOptions } from '../../../api/http';
import { downloadByPost } from '../../../api/download';
import { postJsonWithProgress } from '../../../api/upload';
import { saveService } from '../../../api/service';
import type { PageQuery } from '../../../components/PagedTable';

export const USER_PERMISSIONS = {
  list: 'system:user:list',
  add: 'system:user:add',
  upd: 'system:user:upd',
  detail: 'system:user:detail',
  del: 'system:user:del',
  perm: 'system:user:perm',
  lock: 'system:user:lock',
  reset: 'system:user:reset',
  export: 'system:user:export',
  import: 'system:user:import',
  recycle: 'system:user:recycle',
} as const;

export const USER_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', FROZEN: '冻结' };
export const USER_TABLE_KEY = 'system:user';

export interface RoleRef {
  roleId: string;
  roleCode: string;
  roleName: string;
}

export interface UserItem {
  id: string;
  userId: string;
  username: string;
  realname: string | null;
  nickName: string | null;
  phone: string | null;
  email: string | null;
  orgId: string | null;
  orgName: string | null;
  userType: string;
  userSex: number;
  status: string;
  enableUser: number;
  empCode: string | null;
  empStatus: string;
  inDate: string | null;
  outDate: string | null;
  sort: number;
  roles: RoleRef[];
  createTime: string;
  lockVersion: number;
}

export interface UserDetail extends UserItem {
  avatar: string | null;
  remark: string | null;
  roleIds: string[];
  postIds: string[];
}

export interface UserSearch {
  realname?: string;
  username?: string;
  phone?: string;
  status?: string;
  roleId?: string;
  empStatus?: string;
  orgId?: string;
  includeChildOrgs?: boolean;
}

/** The fields of the shared add/upd/detail form. */
export interface UserValues {
  username: string;
  realname: string;
  nickName?: string | null;
  phone?: string | null;
  email?: string | null;
  orgId?: string | null;
  userSex: string;
  empCode?: string | null;
  inDate?: string | null;
  outDate?: string | null;
  empStatus: string;
  enableUser: number;
  sort: number;
  remark?: string | null;
  roleIds: string[];
  postIds: string[];
  password?: string;
}

export interface RoleOption {
  roleId: string;
  roleCode: string;
  roleName: string;
  roleType: string;
  status: string;
}
export interface BoundRole extends RoleOption {
  bound: boolean;
}

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}
export interface ImportResult {
  imported: number;
  users: Array<{ row: number; username: string; generatedPassword: string | null }>;
}

export const fetchUserPage = (query: PageQuery<UserSearch>, signal: AbortSignal) => postJson<Page<UserItem>>('/rest/user/getUserPage', query, { signal });
export const fetchRecyclePage = (query: PageQuery<{ keyword?: string }>, signal: AbortSignal) => postJson<Page<UserItem>>('/rest/user/getUserRecycle', query, { signal });
export const fetchUser = (userId: string, signal?: AbortSignal) => postJson<UserDetail>('/rest/user/getUserService', { userId }, { signal, silent: true });
export const fetchRoleOptions = (signal?: AbortSignal) => getJson<RoleOption[]>('/api/role', { signal });
export const fetchPostOptions = (signal?: AbortSignal) =>
  // Posts belong to the post module; without its list permission the picker simply stays empty.
  postJson<Page<{ postId: string; postName: string }>>('/rest/postService/getPostByPage', { pageParameter: { pageNum: 1, pageSize: 500 } }, { signal, silent: true })
    .then((page) => page.list)
    .catch(() => [] as Array<{ postId: string; postName: string }>);

/** Service save: POST /api/service with id 0 creates, PUT with the id and lockVersion updates. */
export const saveUser = (body: Record<string, unknown>, options?: RequestOptions) =>
  saveService<{ userId: string; username?: string; generatedPassword?: string | null; lockVersion?: number }>(body, options);

export const setFrozen = (userId: string, frozen: boolean) => postJson<null>('/rest/user/UpdFrozenUser', { userId, frozen });
export const deleteUsers = (userIds: string[]) => postJson<{ deleted: number }>('/rest/user/DelUser', { userIds });
export const restoreUsers = (userIds: string[]) => postJson<{ restored: number }>('/rest/user/UpdReduUser', { userIds });
export const purgeUser = (userId: string) => postJson<null>('/rest/user/DelUserById', { userId });
/** The administrator reset of the auth module: without newPassword a strong one is generated and answered once. */
export const resetPassword = (userId: string) => postJson<{ userId: string; generatedPassword: string | null }>('/rest/user/UpdPwdUser', { userId });
export const generateUserId = () => postJson<{ username: string; empCode: string }>('/rest/user/GenerateUserId', {});
export const fetchBoundRoles = (userId: string, signal?: AbortSignal) => postJson<BoundRole[]>('/rest/user/getUserBindRoles', { userId }, { signal, silent: true });
export const bindRoles = (userId: string, roleIds: string[]) => postJson<null>('/rest/user/bindRoles', { userId, roleIds }, { silent: true });
export const exportUsers = (search: UserSearch) => downloadByPost('/rest/user/export', search);
export const downloadImportTemplate = () => downloadByPost('/rest/user/importTemplate', {});
/** `onProgress` follows the bytes sent; the answer comes once every row is checked and stored. */
export const importUsers = (fileName: string, contentBase64: string, onProgress?: (percent: number) => void) =>
  postJsonWithProgress<ImportResult>('/rest/user/import', { fileName, contentBase64 }, { silent: true, timeoutMs: 120_000, onProgress });

/** A File as base64 without the data: prefix (the import travels inside JSON). */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('读取文件失败'));
    reader.readAsDataURL(file);
  });
}
