import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { DECLARATION_CATEGORY_LABELS } from '@dandelion/shared/award/declarationContent';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { PUBLICITY_DAY_KIND_LABELS, PUBLICITY_KIND_LABELS } from '@dandelion/shared/award/publicity';
import { RichTextView } from '../../components/RichTextView';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { ObjectionEntryAction } from '../objection';
import { usePublicity, type PortalPublicityDetail, type PortalPublicityEntry } from './api';
import { publicityStatusTag } from './publicityStatus';
import '../shared/portal-page.css';
import './query.css';
import { withAntdProviders } from '../shared/withAntdProviders';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="dl-query-entry__line">
      <span className="dl-query-entry__label">{label}：</span>
      {children}
    </div>
  );
}

/** One entry as a card: only the fields the prize kind's setting shows are present (null is not shown). */
function EntryCard({ entry, publicity, renderEntryAction }: { entry: PortalPublicityEntry; publicity: PortalPublicityDetail; renderEntryAction: EntryAction }) {
  return (
    <Card size="small" className="dl-query-entry">
      <div className="dl-query-entry__title">
        {`${entry.sort}. ${entry.title ?? '—'}`} {entry.grade && <Tag color="gold">{PRIZE_GRADE_LABELS[entry.grade]}</Tag>}
      </div>
      {entry.registrationNo && <Line label="登记号">{entry.registrationNo}</Line>}
      {entry.completers && <Line label="完成人">{entry.completers.join('、') || '—'}</Line>}
      {entry.units && <Line label="完成单位">{entry.units.join('、') || '—'}</Line>}
      {entry.category && <Line label="成果类别">{DECLARATION_CATEGORY_LABELS[entry.category]}</Line>}
      {entry.disciplineCodes && entry.disciplineCodes.length > 0 && <Line label="学科">{entry.disciplineCodes.join('、')}</Line>}
      {entry.keywords && entry.keywords.length > 0 && <Line label="关键词">{entry.keywords.join('、')}</Line>}
      {entry.summaryHtml && (
        <div className="dl-query-entry__rich">
          <span className="dl-query-entry__label">项目简介：</span>
          <RichTextView html={entry.summaryHtml} />
        </div>
      )}
      {entry.applicationHtml && (
        <div className="dl-query-entry__rich">
          <span className="dl-query-entry__label">推广应用情况：</span>
          <RichTextView html={entry.applicationHtml} />
        </div>
      )}
      {renderEntryAction(entry, publicity)}
    </Card>
  );
}

/** Each entry's action: 提出异议, open while the publicity is (the server checks the window too). */
export type EntryAction = (entry: PortalPublicityEntry, publicity: PortalPublicityDetail) => ReactNode;
const objectionAction: EntryAction = (entry, publicity) => (
  <ObjectionEntryAction publicityId={publicity.publicityId} declarationId={entry.declarationId} title={entry.title ?? entry.registrationNo ?? '该项目'} open={publicity.status === 'OPEN'} />
);

/** /queryDetail/{id}: one publicity with its window, 公示中 / 已结束, and its entries. */
function QueryDetailPage({ renderEntryAction = objectionAction }: { renderEntryAction?: EntryAction }) {
  const publicityId = useParams().id ?? '';
  const publicity = usePublicity(publicityId);
  useLoadErrorToast(publicity.error);
  usePortalTitle(publicity.data?.title ?? '结果查询');
  const d = publicity.data;

  let body;
  if (publicity.isPending) body = <Skeleton active title paragraph={{ rows: 10 }} />;
  else if (!d) body = <LoadFailure title="公示加载失败" error={publicity.error} retrying={publicity.isFetching} onRetry={() => void publicity.refetch()} />;
  else
    body = (
      <>
        <h1 className="dl-query-item__title" style={{ fontSize: 20, marginBottom: 12 }}>
          {d.title} {publicityStatusTag(d.status)}
        </h1>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} className="dl-query-window">
          <Descriptions.Item label="届次">{d.editionName}</Descriptions.Item>
          <Descriptions.Item label="奖种">{d.prizeName}</Descriptions.Item>
          <Descriptions.Item label="公示类型">{PUBLICITY_KIND_LABELS[d.kind]}</Descriptions.Item>
          <Descriptions.Item label="公示期">{`${d.startDate} 至 ${d.endDate}（${d.days} 个${PUBLICITY_DAY_KIND_LABELS[d.dayKind]}）`}</Descriptions.Item>
          {d.note && <Descriptions.Item label="公示说明" span={2}>{d.note}</Descriptions.Item>}
        </Descriptions>
        {d.entries.length ? (
          <div className="dl-query-entries">
            {d.entries.map((entry) => (
              <EntryCard key={entry.entryId} entry={entry} publicity={d} renderEntryAction={renderEntryAction} />
            ))}
          </div>
        ) : (
          <Empty description="本公示没有条目" />
        )}
      </>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: '结果查询', to: '/query' }, { title: '公示详情' }]} />
      <section className="dl-portal-page__main">{body}</section>
    </div>
  );
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(QueryDetailPage);
