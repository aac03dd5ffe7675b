import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublicPlugins } from './permissions';

/** OpenAPI 3 generated from the route schemas: JSON at /api-docs/json, UI at /api-docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '蒲公英 Dandelion API',
        description:
          '科技奖励申报与评审平台的接口。控制台接口返回 { code, success, msg, data }，code 为 "0000" 表示成功；' +
          '门户内容接口返回 { rtnCode, rtnMessage, dataSet }。失败时返回相同结构、稳定的错误码与中文提示，并使用对应的 HTTP 状态码。' +
          '需要登录的接口在请求头 authorization 中携带令牌（可带 Bearer 前缀）。',
        version: '0.1.0',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await registerPublicPlugins(app, async (scope) => {
    // Helmet's policy (scripts from 'self', inline styles allowed) fits Swagger UI; its own staticCSP would forbid those styles.
    // With a few hundred operations, tags start folded and a filter box finds one: rendering them
    // all expanded took seconds on a busy machine.
    await scope.register(swaggerUi, { routePrefix: '/api-docs', uiConfig: { docExpansion: 'none', filter: true, deepLinking: true } });
  });
}
