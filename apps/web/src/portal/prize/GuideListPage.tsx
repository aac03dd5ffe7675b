import { Link } from 'react-router';
import { EDITION_PHASE_LABELS } from '@dandelion/shared/award/edition';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalEmpty, PortalPagination, PortalSkeleton, PortalTag } from '../shared/light';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { LatestContents } from '../widgets/LatestContents';
import { ListTitle } from '../widgets/ListTitle';
import { guidePath, useGuides } from './api';
import '../shared/portal-page.css';
import './prize.css';

const PAGE_SIZE = 10;
const TITLE = '申报指南';

/** /apply: the declaration guides of the published editions not past their declaration window; each opens its guide. */
export default function GuideListPage() {
  usePortalTitle(TITLE);
  const [pageNum, setPageNum] = usePageParam();
  const guides = useGuides(pageNum, PAGE_SIZE);
  useLoadErrorToast(guides.error);

  let body;
  if (guides.isPending) body = <PortalSkeleton rows={8} />;
  else if (!guides.data) body = <LoadFailure title="申报指南加载失败" error={guides.error} retrying={guides.isFetching} onRetry={() => void guides.refetch()} />;
  else if (guides.data.list.length === 0) body = <PortalEmpty description="暂无正在申报或即将开始申报的届次" />;
  else
    body = (
      <>
        <ul className="dl-prize-cards">
          {guides.data.list.map((guide) => (
            <li key={guide.editionId} className="dl-prize-card">
              <Link to={guidePath(guide.editionId)} className="dl-prize-card__title">
                {guide.editionName}申报指南
              </Link>
              <div className="dl-prize-card__meta">
                <PortalTag color={guide.phase === 'DECLARING' ? 'green' : 'blue'}>{guide.phase === 'DECLARING' ? EDITION_PHASE_LABELS.DECLARING : '即将开始'}</PortalTag>
                <span>申报时间：{guide.declarationStart && guide.declarationEnd ? `${guide.declarationStart} 至 ${guide.declarationEnd}` : '待定'}</span>
              </div>
              {guide.excerpt && <p className="dl-prize-card__excerpt">{guide.excerpt}</p>}
              {guide.prizes.length > 0 && (
                <div className="dl-prize-tags" aria-label="开放奖种">
                  {guide.prizes.map((prize) => (
                    <PortalTag key={prize.prizeId}>{prize.prizeName}</PortalTag>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
        {guides.data.total > PAGE_SIZE && (
          <PortalPagination className="dl-portal-page__pager" current={pageNum} pageSize={PAGE_SIZE} total={guides.data.total} showTotal={(total) => `共 ${total} 条`} onChange={setPageNum} />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: TITLE, to: '/apply' }]} />
      <div className="dl-portal-page__body">
        <section className="dl-portal-page__main" aria-busy={guides.isFetching}>
          <ListTitle title={TITLE} />
          {body}
        </section>
        <aside className="dl-portal-page__aside">
          {/* The site's own articles of the 申报指南 catalogue stay reachable beside the guides. */}
          <LatestContents catalogCode="apply" title="相关文章" moreTo="/category?code=apply" />
        </aside>
      </div>
    </div>
  );
}
