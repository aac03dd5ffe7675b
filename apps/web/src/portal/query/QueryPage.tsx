import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { PUBLICITY_DAY_KIND_LABELS, PUBLICITY_KIND_LABELS } from '@dandelion/shared/award/publicity';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalCard, PortalEmpty, PortalPagination, PortalSkeleton, PortalTabs, PortalTag, SearchInput } from '../shared/light';
import { PortalSelect } from '../shared/light/Select';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { queryDetailPath, useAwardResults, useMyResults, usePublicities, useQueryFilters, type QueryFilter } from './api';
import { publicityStatusTag } from './publicityStatus';
import '../shared/portal-page.css';
import './query.css';

const PAGE_SIZE = 10;
const TITLE = '结果查询';
type Tab = 'publicity' | 'results';

/** 我的结果: shown only to a signed-in applicant whose declarations a publicity took up. */
function MyResults() {
  const mine = useMyResults();
  if (!mine.data?.length) return null;
  return (
    <PortalCard title="我的申报结果" className="dl-card--small dl-query-mine">
      <ul className="dl-query-list">
        {mine.data.map((r) => (
          <li key={r.declarationId} className="dl-query-item">
            <div className="dl-query-item__head">
              <span className="dl-query-item__title">{r.title ?? '（未填写项目名称）'}</span>
              <PortalTag color={r.status === 'AWARDED' ? 'gold' : 'blue'}>{DECLARATION_STATUS_LABELS[r.status]}</PortalTag>
              {r.grade && <PortalTag color="gold">{`${r.status === 'AWARDED' ? '' : '拟'}${PRIZE_GRADE_LABELS[r.grade]}`}</PortalTag>}
            </div>
            <div className="dl-query-item__meta">
              <span>{r.editionName}</span>
              <span>{r.prizeName}</span>
              {r.registrationNo && <span>登记号 {r.registrationNo}</span>}
            </div>
          </li>
        ))}
      </ul>
    </PortalCard>
  );
}

function Publicities({ filter, pageNum, setPageNum }: { filter: QueryFilter; pageNum: number; setPageNum: (n: number) => void }) {
  const page = usePublicities(filter, pageNum, PAGE_SIZE);
  useLoadErrorToast(page.error);
  if (page.isPending) return <PortalSkeleton rows={6} />;
  if (!page.data) return <LoadFailure title="公示加载失败" error={page.error} retrying={page.isFetching} onRetry={() => void page.refetch()} />;
  if (!page.data.list.length) return <PortalEmpty description="暂无公示" />;
  return (
    <>
      <ul className="dl-query-list">
        {page.data.list.map((p) => (
          <li key={p.publicityId} className="dl-query-item">
            <div className="dl-query-item__head">
              {publicityStatusTag(p.status)}
              <PortalTag>{PUBLICITY_KIND_LABELS[p.kind]}</PortalTag>
              <Link to={queryDetailPath(p.publicityId)} className="dl-query-item__title">
                {p.title}
              </Link>
            </div>
            <div className="dl-query-item__meta">
              <span>{p.editionName}</span>
              <span>{p.prizeName}</span>
              <span>{`公示期 ${p.startDate} 至 ${p.endDate}（${p.days} 个${PUBLICITY_DAY_KIND_LABELS[p.dayKind]}）`}</span>
              <span>{`共 ${p.entryCount} 项`}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager total={page.data.total} pageNum={pageNum} onChange={setPageNum} unit="条" />
    </>
  );
}

function AwardResults({ filter, pageNum, setPageNum }: { filter: QueryFilter; pageNum: number; setPageNum: (n: number) => void }) {
  const page = useAwardResults(filter, pageNum, PAGE_SIZE);
  useLoadErrorToast(page.error);
  if (page.isPending) return <PortalSkeleton rows={6} />;
  if (!page.data) return <LoadFailure title="获奖名单加载失败" error={page.error} retrying={page.isFetching} onRetry={() => void page.refetch()} />;
  if (!page.data.list.length) return <PortalEmpty description="暂无获奖名单" />;
  return (
    <>
      <ul className="dl-query-list">
        {page.data.list.map((r) => (
          <li key={r.declarationId} className="dl-query-item">
            <div className="dl-query-item__head">
              {r.grade && <PortalTag color="gold">{PRIZE_GRADE_LABELS[r.grade]}</PortalTag>}
              <span className="dl-query-item__title">{r.title ?? '—'}</span>
            </div>
            <div className="dl-query-item__meta">
              <span>{r.editionName}</span>
              <span>{r.prizeName}</span>
              {r.firstCompleter && <span>第一完成人 {r.firstCompleter}</span>}
              {r.registrationNo && <span>登记号 {r.registrationNo}</span>}
            </div>
          </li>
        ))}
      </ul>
      <Pager total={page.data.total} pageNum={pageNum} onChange={setPageNum} unit="项" />
    </>
  );
}

function Pager({ total, pageNum, onChange, unit }: { total: number; pageNum: number; onChange: (n: number) => void; unit: string }) {
  if (total <= PAGE_SIZE) return null;
  return <PortalPagination className="dl-portal-page__pager" current={pageNum} pageSize={PAGE_SIZE} total={total} showTotal={(t) => `共 ${t} ${unit}`} onChange={onChange} />;
}

/**
 * /query: the open and closed publicities (受理公示, 结果公示) and the award results, by edition and
 * prize with a keyword search; a signed-in applicant sees their own declarations' results on top.
 */
export default function QueryPage() {
  usePortalTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'results' ? 'results' : 'publicity';
  const [pageNum, setPageNum] = usePageParam();
  const [filter, setFilter] = useState<QueryFilter>({});
  const filters = useQueryFilters();

  const change = (next: QueryFilter) => {
    setFilter((now) => ({ ...now, ...next }));
    setPageNum(1);
  };
  const setTab = (next: string) =>
    setParams((prev) => {
      const copy = new URLSearchParams(prev);
      copy.delete('page');
      if (next === 'results') copy.set('tab', 'results');
      else copy.delete('tab');
      return copy;
    });

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: TITLE, to: '/query' }]} />
      <div className="dl-portal-page__body dl-portal-page__body--single">
        <section className="dl-portal-page__main">
          <MyResults />
          <PortalTabs
            activeKey={tab}
            onChange={setTab}
            aria-label="公示与获奖名单"
            items={[
              { key: 'publicity', label: '公示' },
              { key: 'results', label: '获奖名单' },
            ]}
          />
          <div className="dl-query-filters" role="search">
            <PortalSelect
              placeholder="全部届次"
              aria-label="届次"
              value={filter.editionId}
              onChange={(editionId) => change({ editionId })}
              options={(filters.data?.editions ?? []).map((e) => ({ value: e.editionId, label: e.editionName }))}
            />
            <PortalSelect
              placeholder="全部奖种"
              aria-label="奖种"
              value={filter.prizeId}
              onChange={(prizeId) => change({ prizeId })}
              options={(filters.data?.prizes ?? []).map((p) => ({ value: p.prizeId, label: p.prizeName }))}
            />
            <span className="dl-query-filters__keyword">
              <SearchInput placeholder={tab === 'results' ? '项目名称' : '公示标题'} aria-label="关键词" enterButton="查询" maxLength={64} onSearch={(value) => change({ keyword: value.trim() || undefined })} />
            </span>
          </div>
          {tab === 'publicity' ? <Publicities filter={filter} pageNum={pageNum} setPageNum={setPageNum} /> : <AwardResults filter={filter} pageNum={pageNum} setPageNum={setPageNum} />}
        </section>
      </div>
    </div>
  );
}
