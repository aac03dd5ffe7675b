import { useNavigate, useParams } from 'react-router';
import { EDITION_PHASE_LABELS, EDITION_STAGE_LABELS } from '@dandelion/shared/award/edition';
import { PRIZE_KIND_LABELS } from '@dandelion/shared/award/prize';
import { PortalButton, PortalEmpty, PortalSkeleton, PortalTag } from '../shared/light';
import { PortalDescriptions } from '../shared/light/Descriptions';
import { PortalTable } from '../shared/light/Table';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { useGuide, type GuideDetail } from './api';
import '../shared/portal-page.css';
import './prize.css';

function GuideBody({ guide }: { guide: GuideDetail }) {
  const navigate = useNavigate();
  const declaring = guide.phase === 'DECLARING';
  return (
    <article className="dl-portal-page__main dl-prize-detail">
      <h1 className="dl-prize-detail__title">{guide.editionName}申报指南</h1>
      <PortalDescriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'phase', label: '状态', children: <PortalTag color={declaring ? 'green' : 'blue'}>{declaring ? EDITION_PHASE_LABELS.DECLARING : '即将开始'}</PortalTag> },
          { key: 'dates', label: '申报时间', children: guide.declarationStart && guide.declarationEnd ? `${guide.declarationStart} 至 ${guide.declarationEnd}` : '待定' },
        ]}
      />
      <section className="dl-prize-detail__section">
        <h2>申报通知</h2>
        {guide.guide ? <div className="dl-prize-guide-text">{guide.guide}</div> : <PortalEmpty description="暂无申报通知" />}
      </section>
      {guide.stages.length > 0 && (
        <section className="dl-prize-detail__section">
          <h2>工作安排</h2>
          <PortalTable
            size="small"
            rows={guide.stages}
            rowKey={(s) => s.stage}
            empty={<PortalEmpty simple description="暂无数据" />}
            columns={[
              { key: 'stage', title: '阶段', render: (s) => EDITION_STAGE_LABELS[s.stage] },
              { key: 'dates', title: '时间', render: (s) => `${s.startDate ?? '待定'} 至 ${s.endDate ?? '待定'}` },
            ]}
          />
        </section>
      )}
      <section className="dl-prize-detail__section">
        <h2>开放奖种</h2>
        {guide.prizes.length === 0 ? (
          <PortalEmpty description="暂无开放奖种" />
        ) : (
          <ul className="dl-prize-cards">
            {guide.prizes.map((prize) => (
              <li key={prize.prizeId} className="dl-prize-card">
                <div className="dl-prize-card__title">{prize.prizeName}</div>
                {PRIZE_KIND_LABELS[prize.kind] !== prize.prizeName && <div className="dl-prize-card__meta">{PRIZE_KIND_LABELS[prize.kind]}</div>}
                {prize.guide && <p className="dl-prize-card__excerpt dl-prize-guide-text">{prize.guide}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="dl-prize-detail__section">
        {declaring ? (
          <PortalButton variant="primary" onClick={() => void navigate('/declare')}>
            前往在线申报
          </PortalButton>
        ) : (
          <PortalButton disabled>申报尚未开始</PortalButton>
        )}
      </div>
    </article>
  );
}

/** /applyDetail/{editionId}: one open edition's 申报通知, its dated stages and prizes, and the way to /declare. */
export default function GuideDetailPage() {
  const editionId = useParams().id ?? '';
  const guide = useGuide(editionId);
  useLoadErrorToast(guide.error);
  usePortalTitle(guide.data ? `${guide.data.editionName}申报指南` : '申报指南');

  let body;
  if (guide.isPending)
    body = (
      <div className="dl-portal-page__main">
        <PortalSkeleton rows={10} />
      </div>
    );
  else if (!guide.data) body = <LoadFailure title="申报指南加载失败" error={guide.error} retrying={guide.isFetching} onRetry={() => void guide.refetch()} />;
  else body = <GuideBody guide={guide.data} />;

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: '申报指南', to: '/apply' }, { title: '正文' }]} />
      {body}
    </div>
  );
}
