import { describe, expect, it } from 'vitest';
import { fileUrl } from './fileUrl';

describe('fileUrl', () => {
  it('keeps a value that starts with the prefix (http by default)', () => {
    expect(fileUrl('http://cdn.example.com/a.png')).toBe('http://cdn.example.com/a.png');
    expect(fileUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(fileUrl('blob:abc', 'blob:')).toBe('blob:abc');
  });

  it('prefixes a slash to a non-empty value without "["', () => {
    expect(fileUrl('upload/2024/a.png')).toBe('/upload/2024/a.png');
    expect(fileUrl('http-docs/a.png', 'https')).toBe('/http-docs/a.png');
  });

  it('keeps values with "[" and empty values as they are', () => {
    expect(fileUrl('[{"fileId":"1"}]')).toBe('[{"fileId":"1"}]');
    expect(fileUrl('')).toBe('');
    expect(fileUrl(null)).toBe('');
    expect(fileUrl(undefined)).toBe('');
  });

  it('never turns a root-relative path into a protocol-relative one', () => {
    expect(fileUrl('/upload/a.png')).toBe('/upload/a.png');
  });
});
