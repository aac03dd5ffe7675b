import { useState } from 'react';
import { Link } from 'react-router';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { PortalEmpty, PortalPagination, PortalSkeleton, PortalTag, SearchInput } from '../shared/light';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { LatestContents } from '../widgets/LatestContents';
import { ListTitle } from '../widgets/ListTitle';
import { achievementPath, useAchievements } from './api';
import '../shared/portal-page.css';
import './prize.css';

const PAGE_SIZE = 10;
const TITLE = '成果展示';

/** /show: the awarded, public achievements, newest edition first, searchable by name; each opens its page and the 有意向合作 form. */
export default function ShowListPage() {
  usePortalTitle(TITLE);
  const [pageNum, setPageNum] = usePageParam();
  const [keyword, setKeyword] = useState('');
  const achievements = useAchievements(keyword ? { keyword } : {}, pageNum, PAGE_SIZE);
  useLoadErrorToast(achievements.error);

  let body;
  if (achievements.isPending) body = <PortalSkeleton rows={8} />;
  else if (!achievements.data)
    body = <LoadFailure title="成果展示加载失败" error={achievements.error} retrying={achievements.isFetching} onRetry={() => void achievements.refetch()} />;
  else if (achievements.data.list.length === 0) body = <PortalEmpty description={keyword ? '没有符合条件的成果' : '暂无获奖成果'} />;
  else
    body = (
      <>
        <ul className="dl-prize-cards">
          {achievements.data.list.map((item) => (
            <li key={item.achievementId} className="dl-prize-card">
              <Link to={achievementPath(item.achievementId)} className="dl-prize-card__title">
                {item.title}
              </Link>
              <div className="dl-prize-card__meta">
                {item.awardGrade && <PortalTag color="gold">{PRIZE_GRADE_LABELS[item.awardGrade]}</PortalTag>}
                <span>{item.editionName}</span>
                <span>{item.prizeName}</span>
                {item.firstCompleter && <span>第一完成人：{item.firstCompleter}</span>}
                {item.unitOrgName && <span>完成单位：{item.unitOrgName}</span>}
              </div>
            </li>
          ))}
        </ul>
        {achievements.data.total > PAGE_SIZE && (
          <PortalPagination className="dl-portal-page__pager" current={pageNum} pageSize={PAGE_SIZE} total={achievements.data.total} showTotal={(total) => `共 ${total} 项`} onChange={setPageNum} />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: TITLE, to: '/show' }]} />
      <div className="dl-portal-page__body">
        <section className="dl-portal-page__main" aria-busy={achievements.isFetching}>
          <ListTitle title={TITLE} />
          <div className="dl-prize-search" role="search">
            <SearchInput
              maxLength={64}
              placeholder="成果名称"
              aria-label="成果名称"
              onSearch={(value) => {
                setKeyword(value.trim());
                setPageNum(1);
              }}
            />
          </div>
          {body}
        </section>
        <aside className="dl-portal-page__aside">
          <LatestContents catalogCode="show" title="相关文章" moreTo="/category?code=show" />
        </aside>
      </div>
    </div>
  );
}
