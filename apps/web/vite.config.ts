import { readFileSync } from 'node:fs';
import { constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Every server-side path prefix; in development these go to the Fastify server. */
const API_PREFIXES = [
  '/rest',
  '/api',
  '/api-docs',
  '/callback',
  '/logout',
  '/cas',
  '/thirdLogin',
  '/auth',
  '/stream',
  '/healthz',
  '/readyz',
] as const;

const API_TARGET = process.env.DANDELION_API_TARGET ?? 'http://127.0.0.1:8080';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Mock mode (src/mock, README "模拟数据（开发）") needs msw's worker script at the site root.
 * It is served from the installed package, only by the dev server and only with VITE_MOCK=true:
 * it never lands in public/ or dist/, and it always matches the installed msw version.
 */
function mockServiceWorker(): Plugin {
  const script = fileURLToPath(import.meta.resolve('msw/mockServiceWorker.js'));
  return {
    name: 'dandelion:mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      const url = `${server.config.base}mockServiceWorker.js`;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== url) return next();
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(readFileSync(script));
      });
    },
  };
}

/** The id of index.html's data block listing the console start's chunks (console/startChunks.ts reads it). */
const CONSOLE_CHUNKS_ID = 'dl-console-chunks';

/** What a cold console address needs before its first screen: the antd scope, the gate, the frame; the home page for `/home`. */
const CONSOLE_START_MODULES = {
  frame: ['src/app/AntdScope.tsx', 'src/console/ConsoleGate.tsx', 'src/console/layout/ConsoleLayout.tsx'],
  home: ['src/console/home/HomePage.tsx'],
} as const;

/** `fileNames` and every chunk they import, directly or not, added to `into` (what is already there is not walked again). */
function chunkClosure(bundle: Rollup.OutputBundle, fileNames: Iterable<string>, into = new Set<string>()): Set<string> {
  const visit = (fileName: string) => {
    const file = bundle[fileName];
    if (into.has(fileName) || !file || file.type !== 'chunk') return;
    into.add(fileName);
    file.imports.forEach(visit);
  };
  [...fileNames].forEach(visit);
  return into;
}

/**
 * What index.html tells the browser to fetch early, with `build.modulePreload` limited to the portal (below):
 * - `<link rel="modulepreload">` for the chunks the entry imports statically (what Vite adds itself when its
 *   module preload is fully on), so the first paint does not wait for the entry chunk to be parsed first;
 * - the console start's chunks (CONSOLE_START_MODULES with everything they import, minus the entry's) as a JSON
 *   data block (not a script: the CSP allows no inline code), so that a console address opened cold asks for all
 *   of them at once instead of finding each level of imports only when its importer has arrived. ~2 KB of HTML;
 *   nothing is fetched from it for pages that are not the console.
 */
function startPreloads(): Plugin {
  let base = '/';
  return {
    name: 'dandelion:start-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const chunkOf = (module: string) => {
          const id = fileURLToPath(new URL(module, import.meta.url));
          const found = Object.values(bundle).find((f) => f.type === 'chunk' && f.facadeModuleId === id);
          if (!found) throw new Error(`startPreloads: no chunk for ${module}`);
          return found.fileName;
        };
        const loaded = chunkClosure(bundle, [chunk.fileName]);
        const frame = chunkClosure(bundle, CONSOLE_START_MODULES.frame.map(chunkOf), new Set(loaded));
        const home = chunkClosure(bundle, CONSOLE_START_MODULES.home.map(chunkOf), new Set(frame));
        const list = (files: Set<string>, without: Set<string>) => [...files].filter((f) => !without.has(f)).map((f) => `${base}${f}`);
        const entryImports = [...loaded].filter((f) => f !== chunk.fileName);
        return [
          ...entryImports.map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` }, injectTo: 'head' as const })),
          { tag: 'script', attrs: { type: 'application/json', id: CONSOLE_CHUNKS_ID }, children: JSON.stringify({ frame: list(frame, loaded), home: list(home, frame) }), injectTo: 'head' as const },
        ];
      },
    },
  };
}

/**
 * Which output chunk is which source module, noted when the bundle is complete and before Vite writes
 * the preload lists of dynamic imports (its own generateBundle): portalPreloads below asks it of each lazy import.
 */
const chunkModules = new Map<string, string>();
function noteChunkModules(): Plugin {
  return {
    name: 'dandelion:note-chunk-modules',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) if (file.type === 'chunk' && file.facadeModuleId) chunkModules.set(file.fileName, file.facadeModuleId);
      },
    },
  };
}

const PORTAL_SOURCE = `${fileURLToPath(new URL('src/portal/', import.meta.url))}`;

/**
 * The imports a lazy portal page needs, preloaded with it (Vite's module preload, limited to the
 * portal): a portal page opened cold then asks for its whole chunk tree at once instead of level by
 * level. The console's ~300 lazy pages keep none (their lists would cost every page ~10 KB of entry
 * code); its start has its own list, and index.html's is the entry's (startPreloads).
 */
function portalPreloadDependencies(fileName: string, deps: string[], context: { hostType: 'html' | 'js' }): string[] {
  if (context.hostType === 'html') return [];
  return chunkModules.get(fileName)?.startsWith(PORTAL_SOURCE) ? deps : [];
}

/**
 * antd declares its JavaScript free of side effects (package.json `sideEffects`), the
 * @rc-component/* and @ant-design/* packages it is built on do not declare it, so every module
 * reachable through an index file stayed in the bundle: any antd Input brought the whole of
 * @rc-component/form and async-validator, antd's theme brought the color picker and collapse.
 * Their modules define components and helpers and run nothing on import that another module relies
 * on without importing it, so an unused one may go. Anything else: the bundler's own judgement.
 */
const ANTD_INTERNALS = /[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/].*\.[cm]?js$/;
function antdInternalsArePure(id: string): boolean | undefined {
  return ANTD_INTERNALS.test(id) ? false : undefined;
}

/**
 * Compressed copies of the built web app's text files, made once at build time (a `.br` and a `.gz` beside each,
 * where smaller): the server sends them to browsers that accept them (@fastify/static's preCompressed) instead of
 * compressing on every request or sending ~4 MB of plain JavaScript. Brotli at quality 9: within ~7 % of 11 at well
 * under half the build time. What the bundle benches count (gzip KB) is then what a browser receives.
 */
const precompressAssets = () =>
  compression({
    include: /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
    algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), defineAlgorithm('gzip', { level: 9 })],
  });

export default defineConfig(({ command, mode }) => {
  const mock = command === 'serve' && loadEnv(mode, ROOT, 'VITE_').VITE_MOCK === 'true';
  return {
    // Pin the root so the config works whatever directory vite is started from.
    root: ROOT,
    plugins: [react(), startPreloads(), noteChunkModules(), precompressAssets(), ...(mock ? [mockServiceWorker()] : [])],
    // '@dandelion/shared' is a workspace symlink to TypeScript source (packages/shared/src).
    // Linked packages are not pre-bundled: Vite transforms their .ts like our own source,
    // in dev and in the production build alike. No alias is needed.
    server: {
      proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Two chunks pass Vite's 500 kB default on purpose: ECharts (~530 kB) and the rich-text editor
      // (~500 kB), each loaded only by the pages that draw a chart or edit text. What a page loads is
      // budgeted and measured in bench/bundle, not by this warning.
      chunkSizeWarningLimit: 600,
      // Vite's module preload lists, for every lazy import, all the chunks it needs: for some 300 lazy
      // pages that is ~10 KB gzip in the entry chunk, downloaded by every page. Kept for the portal's
      // pages only (~3 KB, portalPreloadDependencies); the entry's own chunks are preloaded from
      // index.html (startPreloads), the console start's listed there too.
      modulePreload: { polyfill: false, resolveDependencies: portalPreloadDependencies },
      rolldownOptions: {
        treeshake: { moduleSideEffects: antdInternalsArePure },
        output: {
          codeSplitting: {
            // The React runtime changes least often: one long-cached chunk. The rest splits automatically.
            groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
          },
        },
      },
    },
  };
});
