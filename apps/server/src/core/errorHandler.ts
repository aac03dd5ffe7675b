import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errors } from './errors';
import { describeDbError, findPgError, isDatabaseUnreachable } from './dbErrors';
import { routeConfigOf } from './routeConfig';

interface Failure {
  status: number;
  code: string;
  msg: string;
  /** What the client needs to act on the failure, e.g. { captchaRequired: true }. */
  attributes?: Record<string, unknown>;
}

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** Turns anything thrown into the envelope with the right HTTP status; 5xx text is never shown. */
function toFailure(err: FastifyError | Error, request: FastifyRequest): Failure {
  if (err instanceof AppError) return { status: err.status, code: err.code, msg: err.message, attributes: err.details };

  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const first = fe.validation![0] as { instancePath: string; message?: string; keyword: string };
    const field = fieldName(first.instancePath);
    // Our schemas carry messages users can act on; zod's own generic messages (无效输入…) need the field to make sense.
    const generic = !first.message || first.message.startsWith('无效');
    const msg = generic && field ? `参数 ${field} 不正确：${first.message ?? ''}` : first.message ?? '请求参数不正确';
    return { status: 400, code: '400', msg };
  }
  if (fe.validation) return { status: 400, code: '400', msg: '请求参数不正确' };

  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: '413', msg: '请求内容过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: '415', msg: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: '400', msg: '请求体不能为空' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: '400', msg: '请求体不是有效的 JSON' };
    default:
      break;
  }
  if (fe.statusCode === 429) return { status: 429, code: '429', msg: errors.tooManyRequests().message };
  if (err instanceof SyntaxError && fe.statusCode === 400) return { status: 400, code: '400', msg: '请求体不是有效的 JSON' };

  if (isDatabaseUnreachable(err)) {
    request.log.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, 'database unreachable');
    return { status: 503, code: '503', msg: '数据库暂不可用，请稍后重试' };
  }
  const pgErr = findPgError(err);
  if (pgErr) {
    const described = describeDbError(pgErr);
    if (described) return { status: described.status, code: String(described.status), msg: described.msg };
  }

  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, code: String(fe.statusCode), msg: '请求不正确' };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, code: '500', msg: errors.internal().message };
}

export function sendFailure(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  reply.status(failure.status);
  if (routeConfigOf(request)?.envelope === 'portal') {
    return reply.send({ rtnCode: failure.code, rtnMessage: failure.msg, dataSet: null });
  }
  return reply.send({ code: failure.code, success: false, msg: failure.msg, data: null, attributes: failure.attributes ?? {} });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const failure = toFailure(err as FastifyError, request);
    if (failure.status < 500) request.log.info({ code: failure.code, status: failure.status, msg: failure.msg }, 'request refused');
    return sendFailure(request, reply, failure);
  });
}
