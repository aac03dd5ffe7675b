/** The console theme calls (spec §7 themes): the effective theme, and the caller's personal override. */
import { themeCalls } from '@dandelion/shared/system/theme';
import { call } from '../../api/call';
import type { RequestOptions } from '../../api/http';
import type { ConsoleTheme } from '../../api/consoleTypes';
import type { PersonalThemeBody } from './themeModel';

/** The caller's personal theme, else the global default. */
export function fetchTheme(options?: RequestOptions): Promise<ConsoleTheme> {
  return call(themeCalls.get, {}, options);
}

/** Stores the caller's own theme; answers it as saved (personal: true). */
export function savePersonalTheme(body: PersonalThemeBody): Promise<ConsoleTheme> {
  // silent: the drawer reports the outcome itself.
  return call(themeCalls.savePersonal, body, { silent: true });
}

/** Drops the caller's own theme; answers the global default (personal: false). */
export function resetPersonalTheme(): Promise<ConsoleTheme> {
  return call(themeCalls.resetPersonal, {}, { silent: true });
}
