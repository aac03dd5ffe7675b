import type { FastifyInstance } from 'fastify';
import { prizeCalls } from '@dandelion/shared/award/prize';
import { serveRecordCalls } from '../../../core/recordRoutes';
import type { PrizeService } from './service';

/** Prizes (/rest/prize/*): the record calls of the shared contract, on the prize service. */
export function registerPrizeRoutes(app: FastifyInstance, prizes: PrizeService) {
  serveRecordCalls(app, prizeCalls, prizes);
}
