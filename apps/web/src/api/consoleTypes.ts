/** Shapes the console shares with the server (spec §2 menu node, §3 Permission response, Theme). */

import type { ThemeComponent, ThemeProperty } from '@dandelion/shared/system/theme';
import type { MenuNode } from '@dandelion/shared/system/func';

export type { MenuNode, ThemeComponent, ThemeProperty };

/** The effective console theme: a user's personal override, else the global default. */
export interface ConsoleTheme {
  themeId: string | null;
  themeName: string;
  /** 'cms-layout' (sidebar, the default) or 'top-layout'. */
  layoutUiName: string;
  basicProperties: ThemeProperty[];
  components: ThemeComponent[];
  /** True when this is the caller's own override rather than the shared default. */
  personal: boolean;
}

/** /rest/index/permission (spec §3 Permission response). */
export interface PermissionResponse {
  site: { displayName: string };
  templateList: MenuNode[];
  theme: { layoutUiName: string };
  indexTemplateEntity: { componentPath: string; componentName: string };
}

/** /rest/index/init (spec §7): icons, menu, apps, indexMenu, appDicts, permissions. */
export interface InitResponse {
  icons: Array<{ iconId: string; name: string; pathContent: string; viewBox?: string }>;
  menu: MenuNode[];
  apps: Array<{ appCode: string; visitUrl: string; path: string }>;
  indexMenu: { path: string; component: string; meta: { title: string } };
  appDicts: Record<string, unknown>;
  permissions: string[];
}
