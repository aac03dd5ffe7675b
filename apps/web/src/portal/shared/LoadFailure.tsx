import { Button, Result } from 'antd';
import { errorMessage } from '../../api/http';

/** A content block that could not load: what went wrong and 重试 (the toast has already said it once). */
export function LoadFailure({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        <Button type="primary" loading={retrying} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
