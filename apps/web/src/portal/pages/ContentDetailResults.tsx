import { useEffect } from 'react';
import { Button, Result } from 'antd';
import type { ContentDetail as Detail } from '../contentApi';

/** Only web addresses and site paths are followed automatically; anything else is shown, not opened. */
const isFollowable = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url);

/** An article that is only a link: the page sends the visitor there (spec: a linked article opens its link). */
export function LinkedArticle({ detail }: { detail: Detail }) {
  const url = detail.linkUrl!;
  const follow = isFollowable(url);
  useEffect(() => {
    if (follow) window.location.replace(url);
  }, [follow, url]);
  return (
    <Result
      status="info"
      title={detail.title}
      subTitle={follow ? '正在打开文章链接…' : '该文章是一个外部链接'}
      extra={
        <Button type="primary" href={url} target="_blank" rel="noopener noreferrer">
          打开链接
        </Button>
      }
    />
  );
}

/** /categoryDetail without an id. */
export function NoArticle() {
  return <Result status="404" title="未指定文章" />;
}
