import { useParams } from 'react-router';
import { LOOKUP_LEVEL_LABELS } from '@dandelion/shared/award/lookup';
import { PortalSkeleton } from '../shared/light';
import { PortalDescriptions } from '../shared/light/Descriptions';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { LOOKUP_PAGES, usePublicLookup, type PublicLookupKind } from './api';
import '../shared/portal-page.css';
import './prize.css';

/** /fundDetail/{id} and /nationalDetail/{id}: one row of the lookup. */
export function LookupDetailPage({ kind }: { kind: PublicLookupKind }) {
  const meta = LOOKUP_PAGES[kind];
  const id = useParams().id ?? '';
  const row = usePublicLookup(kind, id);
  useLoadErrorToast(row.error);
  usePortalTitle(row.data?.name ?? meta.title);

  let body;
  if (row.isPending)
    body = (
      <div className="dl-portal-page__main">
        <PortalSkeleton rows={6} />
      </div>
    );
  else if (!row.data) body = <LoadFailure title={`${meta.title}加载失败`} error={row.error} retrying={row.isFetching} onRetry={() => void row.refetch()} />;
  else
    body = (
      <article className="dl-portal-page__main dl-prize-detail">
        <h1 className="dl-prize-detail__title">{row.data.name}</h1>
        <PortalDescriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'code', label: '编号', children: row.data.code ?? '—' },
            { key: 'level', label: '级别', children: LOOKUP_LEVEL_LABELS[row.data.level] },
            { key: 'agency', label: '主管部门', children: row.data.agency ?? '—' },
            { key: 'remark', label: '说明', children: row.data.remark ?? '—' },
          ]}
        />
      </article>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: meta.title, to: meta.list }, { title: '详情' }]} />
      {body}
    </div>
  );
}
