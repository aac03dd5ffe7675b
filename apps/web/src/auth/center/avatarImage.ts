/** Preparing a cropped avatar for /rest/user/accountCenterAvatar: small, of a type the server accepts, as a data URL. */

import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_MESSAGE } from '@dandelion/shared/auth/accountCenter';

export { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, AVATAR_TYPE_MESSAGE };

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
/** Originals above this are refused before cropping: decoding them would strain a phone's memory. */
export const AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;
/** Avatars are shown at 96 px at most; 256 covers high-density screens. */
export const AVATAR_SIDE = 256;

export const AVATAR_SOURCE_TOO_LARGE_MESSAGE = '图片不能超过 10 MB';

export class AvatarImageError extends Error {
  override readonly name = 'AvatarImageError';
}

export const isAvatarType = (type: string): type is AvatarType => (AVATAR_TYPES as readonly string[]).includes(type);

/**
 * The picture's real type from its first bytes. The cropper labels its output with the original
 * file's type, but a browser that cannot encode that type (WebP on older Safari) writes PNG instead.
 */
export async function sniffImageType(blob: Blob): Promise<AvatarType | null> {
  const head = new Uint8Array(await blob.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 8 && head[0] === 0x89 && ascii(1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a && head[6] === 0x1a && head[7] === 0x0a) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The cropper hands over the crop at the photo's full resolution (a phone photo gives megabytes);
 * scale it to AVATAR_SIDE. Where the browser cannot (no canvas), the crop goes as it is.
 */
async function downscale(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, AVATAR_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1) {
      bitmap.close();
      return file;
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const type = isAvatarType(file.type) ? file.type : 'image/png';
    const scaled = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
    return scaled ?? file;
  } catch {
    return file;
  }
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The cropped picture as `data:<real type>;base64,…`, or an AvatarImageError with a message to show. */
export async function toAvatarDataUrl(file: Blob): Promise<string> {
  const scaled = await downscale(file);
  const type = await sniffImageType(scaled);
  if (!type) throw new AvatarImageError(AVATAR_TYPE_MESSAGE);
  if (scaled.size > AVATAR_MAX_BYTES) throw new AvatarImageError(AVATAR_TOO_LARGE_MESSAGE);
  return readAsDataUrl(new Blob([scaled], { type }));
}
