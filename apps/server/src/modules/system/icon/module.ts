import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import { registerIconRoutes } from './routes';
import { createIconService, iconsForInit } from './service';

/** What other features may ask of custom icons. */
export const iconDirectory = { forInit: iconsForInit };

/** Custom menu icons (自定义图标): registers /rest/icon/*. */
export function registerIconModule(app: FastifyInstance, deps: { db: Db }): typeof iconDirectory {
  registerIconRoutes(app, createIconService(deps));
  return iconDirectory;
}
