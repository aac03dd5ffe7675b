import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@dandelion/shared';

/** A page chunk that failed or timed out (spec §8: name ChunkLoadError, message "Loading chunk … failed"). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed.`, { cause });
  }
}

/** Spec §8: a style chunk that failed carries this code. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

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
      throw isChunkLoadError(error) ? error : new ChunkLoadError(chunk, error);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The default export of a page module. */
export const defaultExport = (module: { default: ComponentType }) => module.default;
