import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EXCEPTIONS, ExceptionView } from './exception/ExceptionView';
import { isChunkLoadError, isCssChunkLoadError } from './lazyPage';

/** The error boundary of the root route: failed chunks, unexpected render errors, 404 responses. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ExceptionView {...EXCEPTIONS.notFound} />;
  if (isChunkLoadError(error)) {
    return (
      <ExceptionView
        status="warning"
        title={isCssChunkLoadError(error) ? '页面样式加载失败' : '页面加载失败'}
        subTitle="网络不稳定或系统刚刚更新，请刷新页面后重试。"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
        }
      />
    );
  }
  return <ExceptionView status="500" title="页面出错了" subTitle="抱歉，页面遇到了问题，请返回首页后重试。" />;
}
