import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../../core/db';
import { themeRepo } from './repo';
import { registerThemeRoutes } from './routes';
import { createThemeService, effectiveTheme, globalDefaultTheme } from './service';

export { builtInTheme, type EffectiveTheme } from './service';

/** What other features may ask of themes, in the caller's transaction. */
export const themeDirectory = {
  /** The user's own override when they saved one, else the global default. */
  effective: effectiveTheme,
  globalDefault: globalDefaultTheme,
  /** Whether any theme, shared or personal, names the layout (a layout in use keeps its name). */
  usesLayout: (ex: Executor, layoutUiName: string) => themeRepo.usesLayout(ex, layoutUiName),
};
export type ThemeDirectory = typeof themeDirectory;

/** Themes (主题): registers /rest/theme/* and answers the theme directory. */
export function registerThemeModule(app: FastifyInstance, deps: { db: Db }): ThemeDirectory {
  registerThemeRoutes(app, createThemeService(deps));
  return themeDirectory;
}
