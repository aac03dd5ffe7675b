import type { ResourceType } from '@dandelion/shared/cms/resource';
import { errors } from '../../../core/errors';
import type { CmsFile } from '../files/module';

export const RESOURCE_FILE_BIZ = 'CMS_RESOURCE';
export const resourceRecord = (resourceId: number) => ({ bizType: RESOURCE_FILE_BIZ, bizId: String(resourceId) });

/**
 * What each type accepts. The file service has already sniffed the bytes against the extension on
 * upload, so the stored kind and type are what the file really is.
 */
const ACCEPTS: Record<Exclude<ResourceType, 'LINK'>, { ok: (f: CmsFile) => boolean; message: string }> = {
  IMAGE: { ok: (f) => f.kind === 'IMAGE', message: '资源类型为图片，请上传图片文件（jpg、png、gif、webp、bmp）' },
  DOCUMENT: { ok: (f) => f.kind === 'DOCUMENT', message: '资源类型为文档，请上传文档文件（pdf、doc、docx、xls、xlsx、ppt、pptx、wps、ofd、txt、csv）' },
  VIDEO: { ok: (f) => f.kind === 'MEDIA' && f.type === 'mp4', message: '资源类型为视频，请上传 mp4 视频文件' },
};

export function checkResourceFile(type: string, file: CmsFile | undefined): void {
  const rule = ACCEPTS[type as keyof typeof ACCEPTS];
  if (!rule) return;
  if (!file) throw errors.badRequest('资源文件不存在，或不是您上传的文件');
  if (!rule.ok(file)) throw errors.badRequest(rule.message);
}
