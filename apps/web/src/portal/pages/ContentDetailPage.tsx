import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { catalogPath, contentPath, usePortalIndex } from '../api';
import { useCatalogTree, useContentDetail, type ContentDetail as Detail, type ContentNeighbour } from '../contentApi';
import { catalogNameOf, catalogTrail } from '../shared/catalogs';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { ContentDetail, type NeighbourLink } from '../widgets/ContentDetail';
import '../shared/portal-page.css';

/** Only web addresses and site paths are followed automatically; anything else is shown, not opened. */
const isFollowable = (url: string) => /^(https?:\/\/|\/(?!\/))/i.test(url);

/** Neighbours are in the article's own catalogue; a link-only one sends the visitor on from its detail page. */
function neighbourLink(n: ContentNeighbour | null, catalogCode: string): NeighbourLink | null {
  if (!n) return null;
  return { title: n.title, to: contentPath({ contentId: n.contentId, catalogCode }) };
}

/** An article that is only a link: the page sends the visitor there (spec: a linked article opens its link). */
function LinkedArticle({ detail }: { detail: Detail }) {
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

/**
 * /policyDetail/{id}, /newsDetail/{id}, … and /categoryDetail?id=: one published article with
 * breadcrumb, meta line, body, attachments and previous / next.
 */
export default function ContentDetailPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const contentId = (params.id ?? search.get('id') ?? '').trim();
  const detail = useContentDetail(contentId);
  useLoadErrorToast(detail.error);
  const navCatalogs = usePortalIndex().data?.catalogs ?? [];
  // Breadcrumbs from the full tree: it also has the catalogues kept out of the navigation.
  const catalogs = useCatalogTree().data ?? navCatalogs;
  const data = detail.data;
  usePortalTitle(data?.title);

  if (!contentId) {
    return (
      <div className="dl-container dl-portal-page">
        <Result status="404" title="未指定文章" />
      </div>
    );
  }

  const code = data?.catalogCode ?? '';
  const trail = code ? catalogTrail(catalogs, code) : [];
  const crumbs = [
    ...(trail.length > 0
      ? trail.map((c) => ({ title: c.catalogName, to: catalogPath(c.code) }))
      : code
        ? [{ title: data?.catalogName ?? catalogNameOf(catalogs, code), to: catalogPath(code) }]
        : []),
    { title: '正文' },
  ];

  let body;
  if (detail.isPending) body = <Skeleton active title paragraph={{ rows: 10 }} className="dl-portal-page__main" />;
  else if (!data) body = <LoadFailure title="文章加载失败" error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />;
  else if (data.linkUrl) body = <LinkedArticle detail={data} />;
  else
    body = (
      <ContentDetail
        article={{
          ...data,
          attachments: data.attachments ?? [],
          prev: neighbourLink(data.prev, code),
          next: neighbourLink(data.next, code),
        }}
      />
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={crumbs} />
      {body}
    </div>
  );
}
