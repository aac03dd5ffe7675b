import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('缺少挂载节点 #root');

/**
 * Mock mode (README "模拟数据（开发）"): only under the dev server with VITE_MOCK=true. The build
 * replaces import.meta.env.DEV with false, which drops this import and all of msw from dist.
 * Rendering waits for the worker so the first calls are already answered by it.
 */
async function startMocking(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_MOCK === 'true') {
    const { startMockWorker } = await import('./mock/browser');
    await startMockWorker().catch((error: unknown) => console.warn('[mock] 模拟数据未能启动，使用真实接口', error));
  }
}

void startMocking().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
