import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import {
  PUBLIC,
  SIGNED_IN,
  type CallSpec,
  type Envelope,
  type PortalEnvelope,
  type ServerBody,
  type ServerData,
  type ServerParams,
  type ServerQuery,
} from '@dandelion/shared';
import { envelopeOf, portalEnvelopeOf } from './envelope';

/** The request a call's handler receives: body, query and params already validated and decoded. */
export type CallRequest<C extends CallSpec> = FastifyRequest<{ Body: ServerBody<C>; Querystring: ServerQuery<C>; Params: ServerParams<C> }>;

/** What a handler answers: the envelope around the contract's payload, or anything for a raw answer (it writes the reply). */
export type CallAnswer<C extends CallSpec> = C['answer'] extends 'raw'
  ? unknown
  : C['answer'] extends 'portal'
    ? PortalEnvelope<ServerData<C>>
    : Envelope<ServerData<C>>;

export type CallHandler<C extends CallSpec> = (request: CallRequest<C>, reply: FastifyReply) => Promise<CallAnswer<C>>;

/** Server-only route settings a contract does not carry (they are policy of this server, not part of the call). */
export interface ServeOptions {
  /** Per-route rate limit (@fastify/rate-limit) and other route config. */
  config?: Omit<FastifyContextConfig, 'permission' | 'envelope'>;
  bodyLimit?: number;
  preHandler?: RouteShorthandOptions['preHandler'];
  /** `false`: the answer goes out as the handler made it, never compressed (core/compression.ts). */
  compress?: false;
}

function accessLine(access: string): string {
  if (access === PUBLIC) return '权限：公开（无需登录）';
  if (access === SIGNED_IN) return '权限：登录即可';
  return `权限：${access}`;
}

/**
 * Registers the route of a call from its contract: path, method, permission, schemas and summary all
 * come from `packages/shared`, so the server cannot drift from what the console was compiled against.
 * The OpenAPI operation names the permission (`x-permission` and a line in its description).
 */
export function serve<C extends CallSpec>(app: FastifyInstance, call: C, handler: CallHandler<C>, options: ServeOptions = {}): void {
  const answer = call.answer ?? 'console';
  const response =
    call.response && answer !== 'raw' ? { 200: answer === 'portal' ? portalEnvelopeOf(call.response) : envelopeOf(call.response) } : undefined;
  app.route({
    method: call.method,
    url: call.path,
    bodyLimit: options.bodyLimit,
    preHandler: options.preHandler,
    ...(options.compress === false ? { compress: false as const } : {}),
    config: { ...options.config, permission: call.access, envelope: answer === 'portal' ? 'portal' : 'console' },
    schema: {
      tags: [call.tag],
      summary: call.summary,
      description: [call.description, accessLine(call.access)].filter(Boolean).join('\n\n'),
      ...(call.access === PUBLIC ? {} : { security: [{ token: [] }] }),
      'x-permission': call.access,
      ...(call.body ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(response ? { response } : {}),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

declare module 'fastify' {
  interface FastifySchema {
    /** The permission code (or public / signed-in) the route declares, shown in the OpenAPI document. */
    'x-permission'?: string;
  }
}
