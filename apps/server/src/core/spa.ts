import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { negotiate } from '@fastify/accept-negotiator';
import { sendFailure } from './errorHandler';
import { registerPublicPlugins } from './permissions';

/** Paths that belong to the API: an unknown one answers a 404 envelope, never the web app. */
const API_PREFIXES = [
  '/rest/', '/api/', '/api-docs', '/callback', '/logout', '/cas/', '/thirdLogin/', '/auth/', '/stream/',
  '/pillar/', '/sys/', '/vue-admin-template/', '/healthz', '/readyz',
];

/** Each prefix without its trailing slash: '/rest' itself is an API path too. */
const API_ROOTS = new Set(API_PREFIXES.map((p) => p.replace(/\/$/, '')));

export function isApiPath(url: string): boolean {
  const query = url.indexOf('?');
  const pathname = query < 0 ? url : url.slice(0, query);
  if (API_ROOTS.has(pathname)) return true;
  for (const prefix of API_PREFIXES) if (pathname.startsWith(prefix)) return true;
  return false;
}

/**
 * Serves the built React app. Hashed assets are cached for a year; index.html is
 * revalidated so a deployment is picked up at once. Unknown non-API GETs get
 * index.html so client-side routes (/404 included) work on reload.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string | null) {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  const hasWeb = indexFile !== null && fs.existsSync(indexFile);
  // index.html is small and fixed for a deployment: read once, served from memory, with the build's compressed copies.
  const indexHtml = hasWeb ? fs.readFileSync(indexFile!) : null;
  const compressedIndex = hasWeb ? compressedCopies(indexFile!) : [];
  const indexEncodings = compressedIndex.map((c) => c.encoding);

  if (hasWeb) {
    await registerPublicPlugins(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: webDistDir!,
        wildcard: false,
        index: false,
        // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts precompressAssets, vite-plugin-compression2): sent as they are
        // to clients that accept them, without compressing anything per request.
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasWeb && wantsPage) {
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encoding = negotiate(String(request.headers['accept-encoding'] ?? ''), indexEncodings);
      const copy = compressedIndex.find((c) => c.encoding === encoding);
      return copy ? reply.header('content-encoding', copy.encoding).send(copy.bytes) : reply.send(indexHtml);
    }
    return sendFailure(request, reply, { status: 404, code: '404', msg: '请求的接口不存在' });
  });
}

/** The build's `.br` and `.gz` of a file, best first, where they exist. */
function compressedCopies(file: string): Array<{ encoding: 'br' | 'gzip'; bytes: Buffer }> {
  const copies: Array<{ encoding: 'br' | 'gzip'; bytes: Buffer }> = [];
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (fs.existsSync(file + suffix)) copies.push({ encoding, bytes: fs.readFileSync(file + suffix) });
  }
  return copies;
}
