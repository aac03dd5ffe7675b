import type { CSSProperties } from 'react';
import { Alert, Button } from 'antd';

interface LoadErrorProps {
  /** What failed and why: 列表加载失败：网络异常… */
  message: string;
  /** Offers 重试 when trying again can help (a missing id cannot). */
  onRetry?: () => unknown;
  style?: CSSProperties;
}

/** A load that failed, said where its content would be, with 重试 when it can help. */
export function LoadError({ message, onRetry, style }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      style={{ marginBottom: 16, ...style }}
      action={
        onRetry && (
          <Button size="small" onClick={() => void onRetry()}>
            重试
          </Button>
        )
      }
    />
  );
}
