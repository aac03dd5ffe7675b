import { describe, expect, it } from 'vitest';
import { contentDisposition, parseRange } from './httpHeaders';
import { safeFilename } from './fileTypes';

describe('parseRange', () => {
  it('reads the single ranges browsers and download tools send', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('sends the whole file for what it does not serve, and refuses ranges outside the file', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('contentDisposition', () => {
  it('carries a Chinese name in filename* with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '2026年度 申报书.pdf')).toBe(
      `attachment; filename="2026__ ___.pdf"; filename*=UTF-8''2026%E5%B9%B4%E5%BA%A6%20%E7%94%B3%E6%8A%A5%E4%B9%A6.pdf`,
    );
  });

  it('lets no quote, backslash or line break into the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x=1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="abcSet-Cookie: x=1.txt"; filename*=UTF-8''abcSet-Cookie%3A%20x%3D1.txt`);
  });
});

describe('safeFilename', () => {
  it('drops directories, control characters and leading dots, and keeps the extension of long names', () => {
    expect(safeFilename('..\\..\\windows\\system.ini')).toBe('system.ini');
    expect(safeFilename('/etc/passwd')).toBe('passwd');
    expect(safeFilename('.bashrc')).toBe('bashrc');
    expect(safeFilename('a\u0000b<c>:d.txt')).toBe('abcd.txt');
    const long = safeFilename(`${'名'.repeat(200)}.docx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
