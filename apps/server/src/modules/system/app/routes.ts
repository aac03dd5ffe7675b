import { zLockVersion, zRecordStatus, zRemark, zSort } from '@dandelion/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttpUrl } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { AppService } from './service';

const TAG = '应用';
export const VISIT_URL_MESSAGE = '访问地址必须是 http/https 网址或以 / 开头的路径';
export const APP_PATH_MESSAGE = '应用路径必须以 / 开头';

const appSchema = z.object({
  appId: zId,
  appCode: z.string(),
  appName: z.string(),
  visitUrl: z.string(),
  path: z.string(),
  status: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});
const appDetailSchema = appSchema.extend({ funcIds: z.array(zId) });

const appBody = z.object({
  appCode: z
    .string({ error: '请输入应用编码' })
    .trim()
    .min(1, '请输入应用编码')
    .max(64, '应用编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_]+$/, '应用编码只能包含字母、数字和下划线'),
  appName: z.string({ error: '请输入应用名称' }).trim().min(1, '请输入应用名称').max(64, '应用名称不能超过64个字符'),
  visitUrl: z
    .string({ error: '请输入访问地址' })
    .trim()
    .min(1, '请输入访问地址')
    .max(512, '访问地址不能超过512个字符')
    // A path stays on this site; a full URL may only be http(s) (never javascript: and the like).
    .refine((v) => isHttpUrl(v) || /^\/(?!\/)\S*$/.test(v), VISIT_URL_MESSAGE),
  path: z.string().trim().max(256, '应用路径不能超过256个字符').regex(/^\/\S*$/, APP_PATH_MESSAGE).default('/'),
  status: zRecordStatus.default('NORMAL'),
  sort: zSort,
  remark: zRemark,
});
const lockVersion = zLockVersion;

/** Applications (spec §7 /rest/app/*; the member names are ours). */
export function registerAppRoutes(app: FastifyInstance, { apps }: { apps: AppService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/app/page',
    {
      config: { permission: 'system:app:list' },
      schema: {
        tags: [TAG],
        summary: '应用分页（按排序号、编号）',
        body: z.object({
          pageParameter: zPageParameter,
          appCode: z.string().trim().max(64).optional(),
          appName: z.string().trim().max(64).optional(),
          status: zRecordStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(appSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await apps.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/app/detail',
    {
      config: { permission: 'system:app:detail' },
      schema: { tags: [TAG], summary: '应用详情（含绑定的菜单 funcIds）', body: z.object({ appId: zId }), response: { 200: envelopeOf(appDetailSchema) } },
    },
    async (request) => ok(await apps.detail(request.body.appId)),
  );

  r.post(
    '/rest/app/add',
    {
      config: { permission: 'system:app:add' },
      schema: { tags: [TAG], summary: '新增应用：应用编码唯一，访问地址为 http/https 网址或以 / 开头的路径', body: appBody, response: { 200: envelopeOf(appDetailSchema) } },
    },
    async (request) => ok(await apps.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/app/update',
    {
      config: { permission: 'system:app:upd' },
      schema: {
        tags: [TAG],
        summary: '修改应用（乐观锁：lockVersion 过期返回 409）',
        body: appBody.extend({ appId: zId, lockVersion }),
        response: { 200: envelopeOf(appDetailSchema) },
      },
    },
    async (request) => {
      const { appId, lockVersion: version, ...input } = request.body;
      return ok(await apps.update(appId, version, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/app/updateStatus',
    {
      config: { permission: 'system:app:enable' },
      schema: {
        tags: [TAG],
        summary: '启用（NORMAL）或停用（DISABLED）应用；停用的应用不再出现在 /rest/index/init 的 apps 中',
        body: z.object({ appId: zId, lockVersion, status: zRecordStatus }),
        response: { 200: envelopeOf(appDetailSchema) },
      },
    },
    async (request) => {
      const { appId, lockVersion: version, status } = request.body;
      return ok(await apps.update(appId, version, { status }, changeOf(request)), status === 'NORMAL' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/app/delete',
    {
      config: { permission: 'system:app:del' },
      schema: {
        tags: [TAG],
        summary: '删除应用（逻辑删除，菜单绑定一并解除）',
        body: z.object({ appId: zId, lockVersion: lockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await apps.remove(request.body.appId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/app/bindMenus',
    {
      config: { permission: 'system:app:upd' },
      schema: {
        tags: [TAG],
        summary: '替换应用的菜单（目录或菜单，不含按钮）',
        body: z.object({ appId: zId, funcIds: z.array(zId, { error: '请提供 funcIds 列表' }).max(2000, '一次最多绑定 2000 个菜单') }),
        response: { 200: envelopeOf(z.object({ funcIds: z.array(zId) })) },
      },
    },
    async (request) => ok(await apps.bindMenus(request.body.appId, request.body.funcIds, changeOf(request)), '菜单已绑定'),
  );
}
