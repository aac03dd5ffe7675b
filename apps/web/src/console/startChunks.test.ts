import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_CHUNKS_ID, preloadConsoleStart, readConsoleStartChunks, resetConsoleStartPreload } from './startChunks';

function writeBlock(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = CONSOLE_CHUNKS_ID;
  block.textContent = text;
  document.head.append(block);
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname);

afterEach(() => {
  document.head.innerHTML = '';
  resetConsoleStartPreload();
});

describe("the console start's chunks", () => {
  it('preloads the frame, and the home page only for the home address, once per page load', () => {
    writeBlock(JSON.stringify({ frame: ['/assets/AntdScope-1.js', '/assets/ConsoleLayout-2.js'], home: ['/assets/HomePage-3.js'] }));
    preloadConsoleStart('/home');
    expect(preloads()).toEqual(['/assets/AntdScope-1.js', '/assets/ConsoleLayout-2.js', '/assets/HomePage-3.js']);
    preloadConsoleStart('/home');
    expect(preloads()).toHaveLength(3);
    resetConsoleStartPreload();
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    preloadConsoleStart('/system/user');
    expect(preloads()).toEqual(['/assets/AntdScope-1.js', '/assets/ConsoleLayout-2.js']);
  });

  it('reads nothing from a missing or malformed block, and no address that is not a path on this site', () => {
    expect(readConsoleStartChunks()).toEqual({ frame: [], home: [] });
    writeBlock('{not json');
    expect(readConsoleStartChunks()).toEqual({ frame: [], home: [] });
    document.head.innerHTML = '';
    writeBlock(JSON.stringify({ frame: ['/assets/a.js', 'https://elsewhere.example/x.js', 3], home: 'x' }));
    expect(readConsoleStartChunks()).toEqual({ frame: ['/assets/a.js'], home: [] });
    preloadConsoleStart('/home');
    expect(preloads()).toEqual(['/assets/a.js']);
  });
});
