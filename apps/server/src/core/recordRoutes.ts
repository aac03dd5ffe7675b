import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallSpec, PageParameter, RecordCalls, RecordStatus, ServerBody, ServerData } from '@dandelion/shared';
import { changeOf, type ChangeContext } from './audit';
import { ok } from './envelope';
import { serve, type ServeOptions } from './route';

type Calls = RecordCalls;
type Row<C extends Calls> = ServerData<C['detail']>;
type Input<C extends Calls> = ServerBody<C['add']>;
type Filter<C extends Calls> = Omit<ServerBody<C['page']>, 'pageParameter'>;

/** What a plain administration record's service offers; `serveRecordCalls` maps each call onto one method. */
export interface RecordService<C extends Calls> {
  page(filter: Filter<C>, page: PageParameter): Promise<ServerData<C['page']>>;
  detail(id: number): Promise<Row<C>>;
  add(input: Input<C>, change: ChangeContext): Promise<Row<C>>;
  update(id: number, lockVersion: number, input: Input<C>, change: ChangeContext): Promise<Row<C>>;
  updateStatus?(id: number, lockVersion: number, status: RecordStatus, change: ChangeContext): Promise<Row<C>>;
  remove(id: number, lockVersion: number | undefined, change: ChangeContext): Promise<void>;
  removeMany?(ids: number[], change: ChangeContext): Promise<number>;
}

type AnyBody = Record<string, unknown> & { lockVersion?: number };

/**
 * Registers the page / detail / add / update / status / delete / batch-delete routes of a record family
 * (`recordCalls` in packages/shared) on one service. Answers carry the messages every list page shows:
 * 新增成功, 修改成功, 已启用 / 已停用, 删除成功.
 */
export function serveRecordCalls<C extends Calls>(app: FastifyInstance, calls: C, service: RecordService<C>, options: ServeOptions = {}): void {
  // The family's calls are typed by its contract; inside this helper one loose signature serves them all.
  const route = (call: CallSpec, handler: (request: FastifyRequest) => Promise<unknown>) => serve(app, call, handler as never, options);
  const idOf = (body: AnyBody) => body[calls.idField] as number;
  const inputOf = (body: AnyBody) => {
    const { [calls.idField]: _id, lockVersion: _v, ...input } = body;
    return input as Input<C>;
  };
  route(calls.page, async (request) => {
    const { pageParameter, ...filter } = request.body as AnyBody & { pageParameter: PageParameter };
    return ok(await service.page(filter as Filter<C>, pageParameter));
  });
  route(calls.detail, async (request) => ok(await service.detail(idOf(request.body as AnyBody))));
  route(calls.add, async (request) => ok(await service.add(request.body as Input<C>, changeOf(request)), '新增成功'));
  route(calls.update, async (request) => {
    const body = request.body as AnyBody;
    return ok(await service.update(idOf(body), body.lockVersion!, inputOf(body), changeOf(request)), '修改成功');
  });
  if (calls.updateStatus) {
    if (!service.updateStatus) throw new Error(`${calls.entity}：缺少 updateStatus`);
    const updateStatus = service.updateStatus;
    route(calls.updateStatus, async (request) => {
      const body = request.body as AnyBody & { status: RecordStatus };
      return ok(await updateStatus(idOf(body), body.lockVersion!, body.status, changeOf(request)), body.status === 'NORMAL' ? '已启用' : '已停用');
    });
  }
  route(calls.remove, async (request) => {
    const body = request.body as AnyBody;
    await service.remove(idOf(body), body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });
  if (calls.removeMany) {
    if (!service.removeMany) throw new Error(`${calls.entity}：缺少 removeMany`);
    const removeMany = service.removeMany;
    route(calls.removeMany, async (request) => ok({ deleted: await removeMany((request.body as { ids: number[] }).ids, changeOf(request)) }, '删除成功'));
  }
}
