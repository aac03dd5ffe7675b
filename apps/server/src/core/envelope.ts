import { z } from 'zod';
import { SUCCESS_CODE, type Envelope, type PortalEnvelope } from '@dandelion/shared';

/** A successful console answer. */
export function ok<T>(data: T, msg = '操作成功', attributes: Record<string, unknown> = {}): Envelope<T> {
  return { code: SUCCESS_CODE, success: true, msg, data, attributes };
}

/** A successful portal answer (public content calls). */
export function portalOk<T>(dataSet: T, rtnMessage = '成功'): PortalEnvelope<T> {
  return { rtnCode: SUCCESS_CODE, rtnMessage, dataSet };
}

/**
 * Response schema of a console answer; the data schema is a whitelist of what may leave the server. Every
 * envelope carries attributes (spec §3), `{}` when the answer has nothing beside its data.
 */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string(),
    success: z.boolean(),
    msg: z.string(),
    data,
    attributes: z.record(z.string(), z.unknown()).default({}),
  });
}

export function portalEnvelopeOf<T extends z.ZodType>(dataSet: T) {
  return z.object({ rtnCode: z.string(), rtnMessage: z.string(), dataSet });
}

/** Error answers share one shape, documented once in OpenAPI. */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  success: z.literal(false),
  msg: z.string(),
  data: z.null(),
  attributes: z.record(z.string(), z.unknown()),
});
