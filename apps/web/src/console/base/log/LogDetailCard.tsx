import type { ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';

export interface LogDetailCardProps<R> {
  title: string;
  /** 接口日志, 操作日志: names the record in messages. */
  entityName: string;
  queryKey: string;
  load: (id: string, signal: AbortSignal) => Promise<R>;
  /** The list page beside this one, for 返回 when the detail was opened directly. */
  listPage: string;
  children: (record: R) => ReactNode;
}

/** A log detail page (…Detail?id=): loads the row, shows a failure with 重试, and 返回 to the list. */
export function LogDetailCard<R>({ title, entityName, queryKey, load, listPage, children }: LogDetailCardProps<R>) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = search.get('id');
  const record = useQuery({ queryKey: [queryKey, id], queryFn: ({ signal }) => load(id!, signal), enabled: !!id });

  const goBack = () => {
    // 'default' is the key of the first history entry: opened directly, nothing is behind it.
    if (location.key !== 'default') navigate(-1);
    else navigate(location.pathname.replace(/[^/]*\/?$/, listPage));
  };

  const loadError = !id ? `缺少${entityName}编号，无法打开详情页面` : record.error ? errorMessage(record.error) : null;
  return (
    <Card
      title={title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
          返回
        </Button>
      }
    >
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={loadError}
          style={{ marginBottom: 16 }}
          action={
            id && (
              <Button size="small" onClick={() => void record.refetch()}>
                重试
              </Button>
            )
          }
        />
      )}
      <Spin spinning={!!id && record.isPending}>{record.data ? children(record.data) : <div style={{ minHeight: 120 }} />}</Spin>
    </Card>
  );
}
