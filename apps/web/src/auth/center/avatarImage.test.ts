import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AvatarImageError, sniffImageType, toAvatarDataUrl } from './avatarImage';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their first bytes, whatever the label says', async () => {
    expect(await sniffImageType(new Blob([bytes(PNG_HEAD)], { type: 'image/webp' }))).toBe('image/png');
    expect(await sniffImageType(new Blob([bytes([0xff, 0xd8, 0xff, 0xe0])]))).toBe('image/jpeg');
    expect(await sniffImageType(new Blob([bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')]))).toBe('image/webp');
    expect(await sniffImageType(new Blob(['<html></html>'], { type: 'image/png' }))).toBeNull();
    expect(await sniffImageType(new Blob(['GIF89a']))).toBeNull();
  });
});

describe('toAvatarDataUrl', () => {
  it('labels the data URL with the real type', async () => {
    const url = await toAvatarDataUrl(new Blob([bytes(PNG_HEAD)], { type: 'image/webp' }));
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('refuses what is not a PNG, JPEG or WebP, and a picture over 512 KB', async () => {
    await expect(toAvatarDataUrl(new Blob(['<svg/>'], { type: 'image/png' }))).rejects.toThrow(new AvatarImageError('头像只能是 PNG、JPEG 或 WebP 图片'));
    const big = new Blob([bytes(PNG_HEAD), new Uint8Array(AVATAR_MAX_BYTES)], { type: 'image/png' });
    await expect(toAvatarDataUrl(big)).rejects.toThrow('头像图片不能超过 512 KB，请缩小后重试');
  });
});
