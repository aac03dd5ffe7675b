import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@dandelion/shared';

/** Spec §8: a style chunk that failed carries this code. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/**
 * A page chunk that failed or timed out (spec §8: name ChunkLoadError, message "Loading chunk … failed");
 * when it was the page's stylesheet, `code` is CSS_CHUNK_LOAD_FAILED.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: typeof CSS_CHUNK_LOAD_FAILED | undefined;
  constructor(chunk: string, cause?: unknown, code?: typeof CSS_CHUNK_LOAD_FAILED) {
    super(`Loading ${code ? 'CSS chunk' : 'chunk'} ${chunk} failed.`, { cause });
    this.code = code;
  }
}

/**
 * Vite's preload helper rejects a lazy import whose stylesheet did not load with "Unable to preload CSS for
 * <file>" (after dispatching `vite:preloadError`); a script chunk fails with the browser's own import error.
 */
export function isCssPreloadFailure(error: unknown): boolean {
  return error instanceof Error && /Unable to preload CSS/i.test(error.message);
}

/** Whether a failed chunk was a stylesheet (spec §8 CSS_CHUNK_LOAD_FAILED). */
export function isCssChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error as Error & { code?: unknown }).code === CSS_CHUNK_LOAD_FAILED;
}

/** A failed script chunk (ChunkLoadError) or style chunk (code CSS_CHUNK_LOAD_FAILED): reloading helps. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || (error as Error & { code?: unknown }).code === CSS_CHUNK_LOAD_FAILED;
}

/**
 * A React Router `lazy` function for a page module: loads the chunk (giving up after
 * 120 s, spec §9) and hands its component to the route as `Component`.
 */
export function lazyPage<M>(chunk: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk)), CHUNK_LOAD_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } catch (error) {
      if (isChunkLoadError(error)) throw error;
      throw new ChunkLoadError(chunk, error, isCssPreloadFailure(error) ? CSS_CHUNK_LOAD_FAILED : undefined);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The default export of a page module. */
export const defaultExport = (module: { default: ComponentType }) => module.default;
