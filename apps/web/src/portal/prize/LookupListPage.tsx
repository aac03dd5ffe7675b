import { useState } from 'react';
import { Link } from 'react-router';
import { LOOKUP_LEVEL_LABELS } from '@dandelion/shared/award/lookup';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalEmpty, PortalPagination, PortalSkeleton, PortalTag, SearchInput, type TagColor } from '../shared/light';
import { PortalSelect } from '../shared/light/Select';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { LatestContents } from '../widgets/LatestContents';
import { ListTitle } from '../widgets/ListTitle';
import { LOOKUP_PAGES, usePublicLookups, type LookupLevel, type PublicLookupKind } from './api';
import '../shared/portal-page.css';
import './prize.css';

const PAGE_SIZE = 10;
const LEVEL_OPTIONS = (Object.keys(LOOKUP_LEVEL_LABELS) as LookupLevel[]).map((level) => ({ value: level, label: LOOKUP_LEVEL_LABELS[level] }));
const LEVEL_COLORS: Record<LookupLevel, TagColor> = { NATIONAL: 'red', PROVINCIAL: 'orange', CITY: 'blue', OTHER: 'default' };

/**
 * /fund and /national: a lookup the prize office keeps (funds; national and provincial plan projects),
 * searchable by name, number or agency and by level. Beside it the site's articles of the catalogue of
 * the same code stay reachable. Drawn with the portal's light components: no antd on the page's first load.
 */
export function LookupListPage({ kind }: { kind: PublicLookupKind }) {
  const meta = LOOKUP_PAGES[kind];
  usePortalTitle(meta.title);
  const [pageNum, setPageNum] = usePageParam();
  const [keyword, setKeyword] = useState('');
  const [level, setLevel] = useState<LookupLevel | undefined>();
  const filter = { ...(keyword ? { keyword } : {}), ...(level ? { level } : {}) };
  const rows = usePublicLookups(kind, filter, pageNum, PAGE_SIZE);
  useLoadErrorToast(rows.error);
  const searched = !!keyword || !!level;

  let body;
  if (rows.isPending) body = <PortalSkeleton rows={8} />;
  else if (!rows.data) body = <LoadFailure title={`${meta.title}加载失败`} error={rows.error} retrying={rows.isFetching} onRetry={() => void rows.refetch()} />;
  else if (rows.data.list.length === 0) body = <PortalEmpty description={searched ? '没有符合条件的记录' : `暂无${meta.what}`} />;
  else
    body = (
      <>
        <ul className="dl-prize-cards">
          {rows.data.list.map((row) => (
            <li key={row.id} className="dl-prize-card">
              <Link to={meta.detail(row.id)} className="dl-prize-card__title">
                {row.name}
              </Link>
              <div className="dl-prize-card__meta">
                <PortalTag color={LEVEL_COLORS[row.level]}>{LOOKUP_LEVEL_LABELS[row.level]}</PortalTag>
                {row.code && <span>编号：{row.code}</span>}
                {row.agency && <span>主管部门：{row.agency}</span>}
              </div>
            </li>
          ))}
        </ul>
        {rows.data.total > PAGE_SIZE && (
          <PortalPagination className="dl-portal-page__pager" current={pageNum} pageSize={PAGE_SIZE} total={rows.data.total} showTotal={(total) => `共 ${total} 条`} onChange={setPageNum} />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: meta.title, to: meta.list }]} />
      <div className="dl-portal-page__body">
        <section className="dl-portal-page__main" aria-busy={rows.isFetching}>
          <ListTitle title={meta.title} />
          <div className="dl-prize-search" role="search">
            <SearchInput
              maxLength={64}
              placeholder="名称、编号或主管部门"
              aria-label="关键词"
              onSearch={(value) => {
                setKeyword(value.trim());
                setPageNum(1);
              }}
            />
            <PortalSelect
              placeholder="级别"
              aria-label="级别"
              options={LEVEL_OPTIONS}
              value={level}
              onChange={(value) => {
                setLevel(value);
                setPageNum(1);
              }}
            />
          </div>
          {body}
        </section>
        <aside className="dl-portal-page__aside">
          <LatestContents catalogCode={meta.catalogCode} title="相关文章" moreTo={`/category?code=${meta.catalogCode}`} />
        </aside>
      </div>
    </div>
  );
}
