import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { DECLARATION_CATEGORY_LABELS } from '@dandelion/shared/award/declarationContent';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { PUBLICITY_DAY_KIND_LABELS, PUBLICITY_KIND_LABELS } from '@dandelion/shared/award/publicity';
import { RichTextView } from '../../components/RichTextView';
import { PortalCard, PortalEmpty, PortalSkeleton, PortalTag } from '../shared/light';
import { PortalDescriptions } from '../shared/light/Descriptions';
import { ObjectionEntryAction } from '../objection/ObjectionEntryAction';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { usePublicity, type PortalPublicityDetail, type PortalPublicityEntry } from './api';
import { publicityStatusTag } from './publicityStatus';
import '../shared/portal-page.css';
import './query.css';

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
    <PortalCard className="dl-card--small dl-query-entry">
      <div className="dl-query-entry__title">
        {`${entry.sort}. ${entry.title ?? '—'}`} {entry.grade && <PortalTag color="gold">{PRIZE_GRADE_LABELS[entry.grade]}</PortalTag>}
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
    </PortalCard>
  );
}

/** Each entry's action: 提出异议, open while the publicity is (the server checks the window too). */
export type EntryAction = (entry: PortalPublicityEntry, publicity: PortalPublicityDetail) => ReactNode;
// Drawn with the light components; its form dialog (antd) loads on the first click.
const objectionAction: EntryAction = (entry, publicity) => (
  <ObjectionEntryAction publicityId={publicity.publicityId} declarationId={entry.declarationId} title={entry.title ?? entry.registrationNo ?? '该项目'} open={publicity.status === 'OPEN'} />
);

/** /queryDetail/{id}: one publicity with its window, 公示中 / 已结束, and its entries. */
export default function QueryDetailPage({ renderEntryAction = objectionAction }: { renderEntryAction?: EntryAction }) {
  const publicityId = useParams().id ?? '';
  const publicity = usePublicity(publicityId);
  useLoadErrorToast(publicity.error);
  usePortalTitle(publicity.data?.title ?? '结果查询');
  const d = publicity.data;

  let body;
  if (publicity.isPending) body = <PortalSkeleton rows={10} />;
  else if (!d) body = <LoadFailure title="公示加载失败" error={publicity.error} retrying={publicity.isFetching} onRetry={() => void publicity.refetch()} />;
  else
    body = (
      <>
        <h1 className="dl-query-item__title" style={{ fontSize: 20, marginBottom: 12 }}>
          {d.title} {publicityStatusTag(d.status)}
        </h1>
        <PortalDescriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          className="dl-query-window"
          items={[
            { key: 'edition', label: '届次', children: d.editionName },
            { key: 'prize', label: '奖种', children: d.prizeName },
            { key: 'kind', label: '公示类型', children: PUBLICITY_KIND_LABELS[d.kind] },
            { key: 'window', label: '公示期', children: `${d.startDate} 至 ${d.endDate}（${d.days} 个${PUBLICITY_DAY_KIND_LABELS[d.dayKind]}）` },
            !!d.note && { key: 'note', label: '公示说明', span: 2, children: d.note },
          ]}
        />
        {d.entries.length ? (
          <div className="dl-query-entries">
            {d.entries.map((entry) => (
              <EntryCard key={entry.entryId} entry={entry} publicity={d} renderEntryAction={renderEntryAction} />
            ))}
          </div>
        ) : (
          <PortalEmpty description="本公示没有条目" />
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
