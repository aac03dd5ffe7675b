/**
 * Starts the mock service worker. Imported dynamically by main.tsx only when
 * `import.meta.env.DEV && import.meta.env.VITE_MOCK === 'true'`, so a production build holds no
 * msw code; the worker script itself is served by vite.config.ts only in that same case.
 */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    // Only the sample endpoints are mocked; every other call goes to the real (proxied) server.
    onUnhandledRequest: 'bypass',
  });
  console.info('[mock] 模拟数据已开启：/pillar/*、/rest/cms/index、/rest/cmsCatalog/TreeCmsCatalogBySite、/vue-admin-template/*');
}
