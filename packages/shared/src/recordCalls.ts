/**
 * The calls of a plain administration record (posts, applications, templates…): a page, a detail,
 * add, update, enable/disable, delete and batch delete. Families that really are this shape declare
 * their contracts through `recordCalls` instead of writing seven near-identical contracts; paths are
 * still written out in full by the caller, so a grep for a path finds its family.
 */
import { z } from 'zod';
import { defineCall, type Access, type CallSpec } from './contract';
import { zRecordStatus, zLockVersion } from './records';
import { pageOf, zId, zPageParameter } from './schemas';

type IdShape<Id extends string> = { [K in Id]: typeof zId };

export interface RecordPaths {
  page: string;
  detail: string;
  add: string;
  update: string;
  updateStatus?: string;
  remove: string;
  removeMany?: string;
}

export interface RecordFamily<
  Id extends string,
  Row extends z.ZodType,
  Body extends z.ZodObject,
  Filter extends z.ZodRawShape,
  Paths extends RecordPaths,
> {
  /** OpenAPI tag and the record's name in messages, e.g. 岗位. */
  tag: string;
  entity: string;
  /** The id field of requests and answers, e.g. postId. */
  idField: Id;
  row: Row;
  /** Fields of add and update (update adds the id and lockVersion). */
  body: Body;
  /** Search fields of the page call besides pageParameter. */
  filter: Filter;
  permissions: { list: Access; detail: Access; add: Access; upd: Access; del: Access; enable?: Access };
  paths: Paths;
  /** One line per call for the API document where the default says too little (e.g. what makes a code unique). */
  summaries?: Partial<Record<'page' | 'detail' | 'add' | 'update' | 'updateStatus' | 'remove' | 'removeMany', string>>;
  /** Most ids a batch delete takes (500). */
  batchMax?: number;
}

export function recordCalls<
  Id extends string,
  Row extends z.ZodType,
  Body extends z.ZodObject,
  Filter extends z.ZodRawShape,
  const Paths extends RecordPaths,
>(family: RecordFamily<Id, Row, Body, Filter, Paths>) {
  const { tag, entity, idField, row, body, filter, permissions: p, paths, summaries: s = {} } = family;
  const id = { [idField]: zId } as IdShape<Id>;
  const batchMax = family.batchMax ?? 500;
  const pickMessage = `请选择要删除的${entity}`;
  return {
    idField,
    entity,
    page: defineCall({
      method: 'POST',
      path: paths.page,
      access: p.list,
      tag,
      summary: s.page ?? `${entity}分页`,
      body: z.object({ pageParameter: zPageParameter, ...filter }),
      response: pageOf(row),
    }),
    detail: defineCall({ method: 'POST', path: paths.detail, access: p.detail, tag, summary: s.detail ?? `${entity}详情`, body: z.object(id), response: row }),
    add: defineCall({ method: 'POST', path: paths.add, access: p.add, tag, summary: s.add ?? `新增${entity}`, body, response: row }),
    update: defineCall({
      method: 'POST',
      path: paths.update,
      access: p.upd,
      tag,
      summary: s.update ?? `修改${entity}（乐观锁：lockVersion 过期返回 409）`,
      body: body.extend({ ...id, lockVersion: zLockVersion }),
      response: row,
    }),
    updateStatus: (paths.updateStatus
      ? defineCall({
          method: 'POST',
          path: paths.updateStatus,
          access: p.enable ?? p.upd,
          tag,
          summary: s.updateStatus ?? `启用（NORMAL）或停用（DISABLED）${entity}`,
          body: z.object({ ...id, lockVersion: zLockVersion, status: zRecordStatus }),
          response: row,
        })
      : undefined) as Present<Paths, 'updateStatus', StatusCall<Id, Row>>,
    remove: defineCall({
      method: 'POST',
      path: paths.remove,
      access: p.del,
      tag,
      summary: s.remove ?? `删除${entity}（逻辑删除）`,
      body: z.object({ ...id, lockVersion: zLockVersion.optional() }),
      response: z.null(),
    }),
    removeMany: (paths.removeMany
      ? defineCall({
          method: 'POST',
          path: paths.removeMany,
          access: p.del,
          tag,
          summary: s.removeMany ?? `批量删除${entity}（全部成功或全部不删）`,
          body: z.object({
            ids: z
              .array(zId, { error: pickMessage })
              .min(1, pickMessage)
              .max(batchMax, `一次最多删除 ${batchMax} 个${entity}`),
          }),
          response: z.object({ deleted: z.number() }),
        })
      : undefined) as Present<Paths, 'removeMany', RemoveManyCall>,
  };
}

/** The call when the family names its path, otherwise undefined. */
type Present<Paths, K extends string, Call> = Paths extends { [P in K]: string } ? Call : undefined;
type StatusCall<Id extends string, Row extends z.ZodType> = {
  method: 'POST';
  path: string;
  access: Access;
  tag: string;
  summary: string;
  body: z.ZodObject<IdShape<Id> & { lockVersion: typeof zLockVersion; status: typeof zRecordStatus }>;
  response: Row;
};
type RemoveManyCall = {
  method: 'POST';
  path: string;
  access: Access;
  tag: string;
  summary: string;
  body: z.ZodObject<{ ids: z.ZodArray<typeof zId> }>;
  response: z.ZodObject<{ deleted: z.ZodNumber }>;
};

/** Any record family, as the server's `serveRecordCalls` and the console's record hooks take it. */
export interface RecordCalls {
  idField: string;
  entity: string;
  page: CallSpec;
  detail: CallSpec;
  add: CallSpec;
  update: CallSpec;
  updateStatus?: CallSpec;
  remove: CallSpec;
  removeMany?: CallSpec;
}
