import { z } from 'zod';
import { DEFAULT_PAGE_PARAMETER, pageParameterSchema } from './pagination';

/**
 * Field schemas every contract uses. They are codecs: the wire form (JSON) on one side, the
 * server's form on the other. The browser sees the wire form (`z.input`), the server works with
 * the decoded one (`z.output`), and the response serializer encodes through the codec.
 */

/** A timestamp: a Date inside the server, an ISO 8601 string on the wire. */
export const zDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

const ID_MESSAGE = '编号格式不正确';
/**
 * Record ids: bigint identity in SQL, a number inside the server (ids stay far
 * below 2^53), a string in JSON so no client ever rounds one.
 */
const idCodec = z.codec(
  z.union([z.string().regex(/^[1-9]\d{0,15}$/, ID_MESSAGE), z.number().int().positive(ID_MESSAGE)], { error: ID_MESSAGE }),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER, ID_MESSAGE),
  { decode: (v) => Number(v), encode: (n) => String(n) },
);
/**
 * Typed as text on the wire: the server always answers ids as strings and the console sends them so;
 * a number is still accepted on the way in, for callers that send one.
 */
/** A search form's time bound: ISO 8601 with an offset (the console sends China time, +08:00), decoded to a Date. */
export const zFilterTime = z.iso.datetime({ offset: true, error: '时间格式不正确，应为带时区的 ISO 8601 时间' }).transform((s) => new Date(s));
export const zId = idCodec as unknown as z.ZodCodec<z.ZodString, z.ZodNumber>;

/** `pageParameter` of a page request (shared with the web forms), defaulting to page 1 of 10. */
export const zPageParameter = pageParameterSchema.default({ ...DEFAULT_PAGE_PARAMETER });

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    /** Present and true when `total` is the database's estimate (more rows match than a big list counts exactly). */
    totalEstimated: z.boolean().optional(),
  });
}
