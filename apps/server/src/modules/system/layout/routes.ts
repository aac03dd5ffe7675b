import type { FastifyInstance } from 'fastify';
import { layoutCalls } from '@dandelion/shared/system/layout';
import { ok } from '../../../core/envelope';
import { serveRecordCalls } from '../../../core/recordRoutes';
import { serve } from '../../../core/route';
import type { LayoutService } from './service';

/** Layouts (spec §7 /rest/layout/*): the record calls, and the layouts a theme may choose (anyone signed in: the theme forms need it). */
export function registerLayoutRoutes(app: FastifyInstance, layouts: LayoutService) {
  serveRecordCalls(app, layoutCalls, layouts);
  serve(app, layoutCalls.available, async () => ok(await layouts.available()));
}
