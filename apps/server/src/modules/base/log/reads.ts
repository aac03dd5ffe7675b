import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallSpec, PageParameter, ServerBody, ServerData } from '@dandelion/shared';
import type { Db } from '../../../core/db';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { sendWorkbook, workbookOf, type SheetColumn } from '../../../core/excel';
import type { LogPage } from '../../../core/listing';
import { serve, type ServeOptions } from '../../../core/route';

/** What every log read shares: the `logId` of its rows, the page route, and list / detail / export over one repo. */

/** A log row as the console reads it: every log answers its id as `logId`. */
export const byLogId = <T extends { id: number }>({ id, ...rest }: T) => ({ logId: id, ...rest });

/** Reading a log records the call but not its answer: a log of logs would grow with every look. */
export const LOG_READ: ServeOptions = { config: { restLog: 'noResponseBody' } };

type Filter<C extends CallSpec> = Omit<ServerBody<C>, 'pageParameter'>;

/** Registers a log's page call: the body's search fields and page go to `page`. */
export function serveLogPage<C extends CallSpec>(app: FastifyInstance, call: C, page: (filter: Filter<C>, pageParameter: PageParameter) => Promise<ServerData<C>>) {
  const handler = async (request: FastifyRequest) => {
    const { pageParameter, ...filter } = request.body as Filter<C> & { pageParameter: PageParameter };
    return ok(await page(filter as Filter<C>, pageParameter));
  };
  // The envelope of a generic contract's answer cannot be spelled here; `page` is typed by the contract.
  serve(app, call, handler as never, LOG_READ);
}

/** The queries a log read needs from its repo. */
export interface LogSource<F, Item extends { id: number }, Row extends { id: number }, ExportRow> {
  page(db: Db, filter: F, page: PageParameter): Promise<LogPage<Item>>;
  find(db: Db, id: number): Promise<Row | undefined>;
  forExport(db: Db, filter: F): Promise<ExportRow[]>;
}

/** A log's list, detail (404 naming `entity`) and workbook export. */
export function createLogReader<F, Item extends { id: number }, Row extends { id: number }, ExportRow>(
  db: Db,
  entity: string,
  source: LogSource<F, Item, Row, ExportRow>,
  sheet: { name: string; columns: SheetColumn<ExportRow>[] },
) {
  return {
    async page(filter: F, page: PageParameter) {
      const result = await source.page(db, filter, page);
      return { ...result, list: result.list.map(byLogId) };
    },

    async detail(id: number) {
      const row = await source.find(db, id);
      if (!row) throw errors.notFound(entity);
      return byLogId(row);
    },

    /** The filtered list as a workbook (what only the detail shows stays out). */
    async exportWorkbook(filter: F) {
      return workbookOf(sheet.name, sheet.columns, await source.forExport(db, filter));
    },
  };
}

/** The list, detail and export calls of one log, served by its reader; the workbook is named `<file>_<yyyymmdd>.xlsx`. */
export function serveLogReads(
  app: FastifyInstance,
  calls: { page: CallSpec; detail: CallSpec; export: CallSpec },
  reader: { page(filter: never, page: PageParameter): Promise<unknown>; detail(id: number): Promise<unknown>; exportWorkbook(filter: never): Promise<Buffer> },
  file: { name: string; ascii: string },
) {
  // The calls are typed by their contracts; here one loose signature serves every log's.
  const route = (call: CallSpec, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => serve(app, call, handler as never, LOG_READ);
  serveLogPage(app, calls.page, reader.page as never);
  route(calls.detail, async (request) => ok(await reader.detail((request.body as { logId: number }).logId)));
  route(calls.export, async (request, reply) => sendWorkbook(reply, file.name, file.ascii, await reader.exportWorkbook(request.body as never)));
}
