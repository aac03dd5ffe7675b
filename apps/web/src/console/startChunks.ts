/**
 * The console start's code, asked for at once. With `modulePreload` off, a chunk's imports are found
 * only when the chunk itself has arrived, level after level: for a console address opened cold, the
 * antd scope, the gate, the frame and the home page came in some six rounds of requests. The build
 * lists all their chunks in index.html (vite.config.ts `startPreloads`); the router's loader for
 * a console address not loaded yet (routes.tsx `unmatchedPath`) adds them as `modulepreload` links.
 * Nothing is run: the modules are fetched and compiled, and evaluated when imported as before.
 */
import { HOME_PATH } from '@dandelion/shared';

export const CONSOLE_CHUNKS_ID = 'dl-console-chunks';

export interface ConsoleStartChunks {
  frame: string[];
  home: string[];
}

/** The build's list; empty in development and when the block is missing or malformed. */
export function readConsoleStartChunks(doc: Document = document): ConsoleStartChunks {
  try {
    const data: unknown = JSON.parse(doc.getElementById(CONSOLE_CHUNKS_ID)?.textContent ?? 'null');
    const files = (value: unknown) => (Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && f.startsWith('/') && !f.startsWith('//')) : []);
    if (!data || typeof data !== 'object') return { frame: [], home: [] };
    const record = data as Record<string, unknown>;
    return { frame: files(record.frame), home: files(record.home) };
  } catch {
    return { frame: [], home: [] };
  }
}

let preloaded = false;

/** Adds the frame's chunks (and the home page's, for the home address) as modulepreload links, once per page load. */
export function preloadConsoleStart(pathname: string, doc: Document = document): void {
  if (preloaded) return;
  preloaded = true;
  const chunks = readConsoleStartChunks(doc);
  const links = doc.createDocumentFragment();
  for (const href of [...chunks.frame, ...(pathname === HOME_PATH ? chunks.home : [])]) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  doc.head.append(links);
}

/** Tests only: lets the next call add the links again. */
export function resetConsoleStartPreload(): void {
  preloaded = false;
}
