import { z } from 'zod';
import { isHttpUrl, URL_MESSAGE } from '@dandelion/shared';

/**
 * Body fields the 站点设置 features spell alike (sites, catalogues, banners, templates).
 */

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

/** A banner may also point into the portal itself: a path starting with one slash. */
export const zPortalLink = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(512, '链接地址不能超过512个字符')
  .refine((v) => v === '' || isHttpUrl(v) || /^\/(?!\/)[^\s]*$/.test(v), '请输入正确的网址!（http:// 或 https:// 开头，或以 / 开头的站内路径）')
  .nullish()
  .transform((v) => v || null);
