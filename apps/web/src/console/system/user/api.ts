/** Users: the console's calls of the shared contract (`@dandelion/shared/system/user`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { passwordCalls } from '@dandelion/shared/auth/password';
import { postCalls } from '@dandelion/shared/system/post';
import { userCalls, type ImportProblem } from '@dandelion/shared/system/user';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import { postJsonWithProgress } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

export type { ImportProblem };
export type UserItem = CallData<typeof userCalls.page>['list'][number];
export type UserDetail = CallData<typeof userCalls.detail>;
export type UserSearch = Omit<CallInput<typeof userCalls.page>, 'pageParameter'>;
export type UserCreate = CallInput<typeof userCalls.create>;
export type UserUpdate = CallInput<typeof userCalls.update>;
export type RoleOption = CallData<typeof userCalls.roleOptions>[number];
export type ImportResult = CallData<typeof userCalls.import>;

export const USER_TABLE_KEY = 'system:user';

export const fetchUserPage = (query: PageQuery<UserSearch>, signal: AbortSignal) => call(userCalls.page, query, { signal });
export const fetchRecyclePage = (query: PageQuery<{ keyword?: string }>, signal: AbortSignal) => call(userCalls.recyclePage, query, { signal });
export const fetchUser = (userId: string, signal?: AbortSignal) => call(userCalls.detail, { userId }, { signal, silent: true });
export const fetchRoleOptions = (signal?: AbortSignal) => call(userCalls.roleOptions, undefined, { signal });
export const fetchPostOptions = (signal?: AbortSignal) =>
  // Posts belong to the post module; without its list permission the picker simply stays empty.
  call(postCalls.page, { pageParameter: { pageNum: 1, pageSize: 500 } }, { signal, silent: true })
    .then((page) => page.list)
    .catch(() => [] as CallData<typeof postCalls.page>['list']);

/** The service save: POST /api/service creates (id 0), PUT updates with the id and lockVersion. */
export const createUser = (body: UserCreate) => call(userCalls.create, body, { silent: true });
export const updateUser = (body: UserUpdate) => call(userCalls.update, body, { silent: true });

export const setFrozen = (userId: string, frozen: boolean) => call(userCalls.freeze, { userId, frozen });
export const deleteUsers = (userIds: string[]) => call(userCalls.recycle, { userIds });
export const restoreUsers = (userIds: string[]) => call(userCalls.restore, { userIds });
export const purgeUser = (userId: string) => call(userCalls.purge, { userId });
/** The administrator reset is the auth module's call: without newPassword a strong one is generated and answered once. */
export const resetPassword = (userId: string) => call(passwordCalls.adminReset, { userId });
export const generateUserId = () => call(userCalls.generateIds, {});
export const fetchBoundRoles = (userId: string, signal?: AbortSignal) => call(userCalls.boundRoles, { userId }, { signal, silent: true });
export const bindRoles = (userId: string, roleIds: string[]) => call(userCalls.bindRoles, { userId, roleIds }, { silent: true });
export const exportUsers = (search: UserSearch) => downloadByPost(userCalls.export.path, search);
export const downloadImportTemplate = () => downloadByPost(userCalls.importTemplate.path, {});
/** `onProgress` follows the bytes sent; the answer comes once every row is checked and stored. */
export const importUsers = (fileName: string, contentBase64: string, onProgress?: (percent: number) => void) =>
  postJsonWithProgress<ImportResult>(userCalls.import.path, { fileName, contentBase64 } satisfies CallInput<typeof userCalls.import>, {
    silent: true,
    timeoutMs: 120_000,
    onProgress,
  });

