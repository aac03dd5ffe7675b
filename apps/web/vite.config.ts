import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  // Pin the root so the config works whatever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // '@dandelion/shared' is a workspace symlink to TypeScript source (packages/shared/src).
  // Linked packages are not pre-bundled: Vite transforms their .ts like our own source,
  // in dev and in the production build alike. No alias is needed.
  server: {
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The React runtime changes least often: one long-cached chunk. The rest splits automatically.
          groups: [{ name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
});
