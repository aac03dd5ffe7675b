import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { catalogPath, contentPath, usePortalIndex } from '../api';
import { useCatalogTree, useContentDetail, type ContentNeighbour } from '../contentApi';
import { catalogNameOf, catalogTrail } from '../shared/catalogs';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalSkeleton } from '../shared/light';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { ContentDetail, type NeighbourLink } from '../widgets/ContentDetail';
import '../shared/portal-page.css';
import { lazyWithAntd } from '../shared/lazyWithAntd';

// The rare pages (an article that is only a link, no article named) use antd's Result: loaded only for them.
const LinkedArticle = lazyWithAntd(() => import('./ContentDetailResults').then((m) => m.LinkedArticle));
const NoArticle = lazyWithAntd(() => import('./ContentDetailResults').then((m) => m.NoArticle));

/** Neighbours are in the article's own catalogue; a link-only one sends the visitor on from its detail page. */
function neighbourLink(n: ContentNeighbour | null, catalogCode: string): NeighbourLink | null {
  if (!n) return null;
  return { title: n.title, to: contentPath({ contentId: n.contentId, catalogCode }) };
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
        <Suspense fallback={null}>
          <NoArticle />
        </Suspense>
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
  if (detail.isPending)
    body = (
      <div className="dl-portal-page__main">
        <PortalSkeleton rows={10} />
      </div>
    );
  else if (!data) body = <LoadFailure title="文章加载失败" error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />;
  else if (data.linkUrl)
    body = (
      <Suspense fallback={null}>
        <LinkedArticle detail={data} />
      </Suspense>
    );
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
