import { useSearchParams } from 'react-router';
import { PortalEmpty, PortalPagination, PortalSkeleton } from '../shared/light';
import { formatDate } from '../../lib/date';
import { useContentSearch } from '../contentApi';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { ContentLink } from '../widgets/ContentLink';
import { HighlightedText } from '../widgets/HighlightedText';
import { ListTitle } from '../widgets/ListTitle';
import '../shared/portal-page.css';
import '../widgets/content-list.css';
import './search.css';

const PAGE_SIZE = 10;

/** /search?keyword=: published articles matching the keyword, the matched parts marked. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  const [pageNum, setPageNum] = usePageParam();
  usePortalTitle(keyword ? `搜索：${keyword}` : '搜索');
  const search = useContentSearch(keyword, pageNum, PAGE_SIZE);
  useLoadErrorToast(search.error);

  let body;
  if (!keyword) body = <PortalEmpty description="请在页面顶部的搜索框输入关键词" />;
  else if (search.isPending) body = <PortalSkeleton rows={8} />;
  else if (!search.data)
    body = <LoadFailure title="搜索失败" error={search.error} retrying={search.isFetching} onRetry={() => void search.refetch()} />;
  else if (search.data.list.length === 0) body = <PortalEmpty description={`没有找到与“${keyword}”相关的内容`} />;
  else
    body = (
      <>
        <p className="dl-search__count">
          找到 <strong>{search.data.total}</strong> 条结果
        </p>
        <ul className="dl-content-bars dl-search__results">
          {search.data.list.map((hit) => (
            <li key={hit.contentId}>
              <div className="dl-content-bars__head">
                <ContentLink item={hit} className="dl-content-bars__title">
                  <HighlightedText segments={hit.titleSegments} fallback={hit.title} />
                </ContentLink>
                <time className="dl-content-date" dateTime={hit.publishTime}>
                  {formatDate(hit.publishTime)}
                </time>
              </div>
              {(hit.summarySegments?.length || hit.summary) && (
                <p className="dl-content-bars__summary">
                  <HighlightedText segments={hit.summarySegments} fallback={hit.summary} />
                </p>
              )}
              {hit.catalogName && <span className="dl-content-bars__catalog">{hit.catalogName}</span>}
            </li>
          ))}
        </ul>
        {search.data.total > PAGE_SIZE && (
          <PortalPagination
            className="dl-portal-page__pager"
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={search.data.total}
                        onChange={setPageNum}
          />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: '搜索结果' }]} />
      <section className="dl-portal-page__main" aria-busy={search.isFetching}>
        <ListTitle title={keyword ? `“${keyword}”的搜索结果` : '站内搜索'} />
        {body}
      </section>
    </div>
  );
}
