import { useParams } from 'react-router';
import { Descriptions, Skeleton } from 'antd';
import { LOOKUP_LEVEL_LABELS } from '@dandelion/shared/award/lookup';
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
  if (row.isPending) body = <Skeleton active title paragraph={{ rows: 6 }} className="dl-portal-page__main" />;
  else if (!row.data) body = <LoadFailure title={`${meta.title}加载失败`} error={row.error} retrying={row.isFetching} onRetry={() => void row.refetch()} />;
  else
    body = (
      <article className="dl-portal-page__main dl-prize-detail">
        <h1 className="dl-prize-detail__title">{row.data.name}</h1>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="编号">{row.data.code ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="级别">{LOOKUP_LEVEL_LABELS[row.data.level]}</Descriptions.Item>
          <Descriptions.Item label="主管部门">{row.data.agency ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="说明">{row.data.remark ?? '—'}</Descriptions.Item>
        </Descriptions>
      </article>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: meta.title, to: meta.list }, { title: '详情' }]} />
      {body}
    </div>
  );
}
