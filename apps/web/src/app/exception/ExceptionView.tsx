import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Result, type ResultProps } from 'antd';
import './exception.css';

export interface ExceptionContent {
  status: ResultProps['status'];
  title: ReactNode;
  subTitle: ReactNode;
}

/** The texts of the standalone error pages (spec §2). */
export const EXCEPTIONS = {
  forbidden: { status: '403', title: '403', subTitle: '抱歉，您无权访问此页面。' },
  notFound: { status: '404', title: '404', subTitle: '抱歉，您访问的页面不存在。' },
  serverError: { status: '500', title: '500', subTitle: '抱歉，服务器出错了，请稍后重试。' },
  errorBlank: { status: 'error', title: '出错了', subTitle: '抱歉，页面暂时无法显示，请返回首页或稍后重试。' },
} as const satisfies Record<string, ExceptionContent>;

interface ExceptionViewProps extends ExceptionContent {
  /** Replaces the default 返回首页 button. */
  extra?: ReactNode;
}

/**
 * A full-page antd Result with a way back to the home page: the exception pages and, through
 * exception/ThemedException, the root error boundary (a failed chunk has its plain view there).
 */
export function ExceptionView({ status, title, subTitle, extra }: ExceptionViewProps) {
  const navigate = useNavigate();
  return (
    <main className="dl-exception">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          extra ?? (
            <Button type="primary" onClick={() => navigate('/')}>
              返回首页
            </Button>
          )
        }
      />
    </main>
  );
}
