import type { ConsoleRoute } from '../api/consoleStore';

/** A console route for tests: a visible group without a page unless `extra` says otherwise. */
export const route = (path: string, title: string, extra: Partial<ConsoleRoute> = {}): ConsoleRoute => ({
  id: null,
  path,
  name: path,
  component: null,
  redirect: null,
  hidden: false,
  alwaysShow: false,
  meta: { title, icon: null, activeMenu: null },
  children: [],
  ...extra,
});
