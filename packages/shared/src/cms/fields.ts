/** Body and answer fields the CMS features spell alike, with their messages. */
import { z } from 'zod';
import { auditFields, zLockVersion } from '../records';
import { zId } from '../schemas';
import { isHttpUrl, URL_MESSAGE } from '../validators';

/** Site, catalogue, banner position and template codes: what portal routes and calls name them by. */
export const CMS_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const CMS_CODE_MESSAGE = '编码须以字母开头，只能包含字母、数字、下划线和横杠';

/** A required code: a letter first (site, catalogue, template). */
export const zCmsCode = (label: string) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(64, `${label}不能超过64个字符`).regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE);

/** A required name or title. */
export const zName = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

/** Optional text: blank becomes null so "cleared" and "never set" are stored the same. */
export const zOptionalText = (max: number, label: string) =>
  z.string({ error: `${label}必须是文本` }).trim().max(max, `${label}不能超过${max}个字符`).nullish().transform((v) => v || null);

/** The fileId of an upload (a string of digits, as the upload call answers it), or nothing. */
export const zFileId = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label}编号格式不正确` })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^[1-9]\d{0,15}$/.test(v), `${label}编号格式不正确`)
    .nullish()
    .transform((v) => v || null);

/** An absolute http(s) address (spec §5 URL helper). */
export const zHttpUrl = z.string({ error: URL_MESSAGE }).trim().max(512, '链接地址不能超过512个字符').refine(isHttpUrl, URL_MESSAGE);

/** Only http and https links: an article or resource link is opened by visitors' browsers. */
export const WEB_LINK = /^https?:\/\/[^\s]+$/i;
export const WEB_LINK_MESSAGE = '链接地址必须以 http:// 或 https:// 开头';
/** An optional http(s) link of an article or a resource; blank is none. */
export const zWebLink = z
  .string({ error: WEB_LINK_MESSAGE })
  .trim()
  .max(512, '链接地址不能超过512个字符')
  .refine((v) => v === '' || WEB_LINK.test(v), WEB_LINK_MESSAGE)
  .nullish()
  .transform((v) => v || null);

/** A nullable id that may be left out (no parent, no template, no cover). */
export const zOptionalId = zId.nullish().transform((v) => v ?? null);

/** The ids of one group in their new order (a parent's catalogues, a position's banners). */
export const zOrderedIds = (what: string, unit: string) =>
  z.array(zId, { error: `请提供排序后的${what}` }).min(1, `请提供排序后的${what}`).max(500, `一次最多排序 500 ${unit}${what}`);

/** The ids of a batch delete: all or nothing. */
export const zIdsToDelete = (what: string, unit: string) =>
  z.object({ ids: z.array(zId, { error: `请选择要删除的${what}` }).min(1, `请选择要删除的${what}`).max(500, `一次最多删除 500 ${unit}${what}`) });

/** A logical delete by id, optionally guarded by the lock version the list showed. */
export const removeBody = <K extends string>(idField: K) => z.object({ [idField]: zId, lockVersion: zLockVersion.optional() } as { [P in K]: typeof zId } & { lockVersion: z.ZodOptional<typeof zLockVersion> });

/** A change of one record that carries the lock version. */
export const versionedBody = <K extends string>(idField: K) => z.object({ [idField]: zId, lockVersion: zLockVersion } as { [P in K]: typeof zId } & { lockVersion: typeof zLockVersion });

/** The audit fields a record answers with. */
export const auditedAnswer = auditFields;

/** An uploaded file as the file service answers it (a cover, an attachment, a resource's file). */
export const storedFileAnswer = z.object({ fileId: zId, fileRepId: zId, filename: z.string(), size: z.number(), type: z.string(), url: z.string() });
