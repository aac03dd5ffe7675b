import { Component as ReactComponent, lazy, Suspense, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import type { ExceptionContent } from './exception/ExceptionView';
import { isChunkLoadError, isCssChunkLoadError } from './lazyPage';
import './exception/exception.css';

// antd's Result (with its 404/500 illustrations) and the providers it needs: only when an error shows.
const ThemedException = lazy(() => import('./exception/ThemedException'));

interface PlainResultProps {
  title: string;
  subTitle: string;
  action: string;
  onAction: () => void;
}

/**
 * antd's warning Result drawn with plain elements (exception.css): what a failed chunk shows. It is
 * part of the start-up, so it renders when the network is what failed and no further chunk loads.
 */
function PlainResult({ title, subTitle, action, onAction }: PlainResultProps) {
  return (
    <main className="dl-exception">
      <div className="dl-plain-result">
        <div className="dl-plain-result-icon" aria-hidden="true">
          !
        </div>
        <div className="dl-plain-result-title">{title}</div>
        <div className="dl-plain-result-subtitle">{subTitle}</div>
        <div className="dl-plain-result-extra">
          <button type="button" className="dl-plain-button" onClick={onAction}>
            {action}
          </button>
        </div>
      </div>
    </main>
  );
}

const reload = () => window.location.reload();

/** When even the error page's chunk does not load: the same texts, plainly, with a way to reload. */
class PlainFallback extends ReactComponent<{ content: ExceptionContent; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    const { title, subTitle } = this.props.content;
    return <PlainResult title={String(title)} subTitle={String(subTitle)} action="刷新页面" onAction={reload} />;
  }
}

const NOT_FOUND: ExceptionContent = { status: '404', title: '404', subTitle: '抱歉，您访问的页面不存在。' };
const RENDER_ERROR: ExceptionContent = { status: '500', title: '页面出错了', subTitle: '抱歉，页面遇到了问题，请返回首页后重试。' };

/** The error boundary of the root route: failed chunks, unexpected render errors, 404 responses. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) {
    return (
      <PlainResult
        title={isCssChunkLoadError(error) ? '页面样式加载失败' : '页面加载失败'}
        subTitle="网络不稳定或系统刚刚更新，请刷新页面后重试。"
        action="刷新页面"
        onAction={reload}
      />
    );
  }
  const content = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND : RENDER_ERROR;
  return (
    <PlainFallback content={content}>
      <Suspense fallback={<PageLoading />}>
        <ThemedException {...content} />
      </Suspense>
    </PlainFallback>
  );
}
