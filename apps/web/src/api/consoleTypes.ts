/** Shapes the console shares with the server (spec §2 menu node, §3 Permission response, Theme), as the contracts answer them. */

import type { CallData } from '@dandelion/shared';
import type { currentUserCalls } from '@dandelion/shared/auth/currentUser';
import type { ThemeComponent, ThemeProperty, themeCalls } from '@dandelion/shared/system/theme';
import type { MenuNode } from '@dandelion/shared/system/func';

export type { MenuNode, ThemeComponent, ThemeProperty };

/**
 * The effective console theme: a user's personal override (`personal: true`), else the global
 * default. Saving and resetting answer exactly this; the plain get answers it too (with a shared
 * theme's record fields only when asked for one by id).
 */
export type ConsoleTheme = CallData<typeof themeCalls.savePersonal>;

/** /rest/index/permission (spec §3 Permission response). */
export type PermissionResponse = CallData<typeof currentUserCalls.permission>;

/** /rest/index/init (spec §7): icons, menu, apps, indexMenu, appDicts, permissions. */
export type InitResponse = CallData<typeof currentUserCalls.init>;

/** A role of the signed-in user (/rest/user/getUserRoles). */
export type UserRole = CallData<typeof currentUserCalls.roles>[number];
