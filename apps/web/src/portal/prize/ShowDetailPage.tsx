import { useParams } from 'react-router';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { RichTextView } from '../../components/RichTextView';
import { PortalEmpty, PortalSkeleton, PortalTag } from '../shared/light';
import { PortalDescriptions } from '../shared/light/Descriptions';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { useAchievement, type AchievementDetail } from './api';
import { PurchaseForm } from './PurchaseForm';
import '../shared/portal-page.css';
import '../widgets/catalog-widgets.css';
import '../widgets/content-detail.css';
import './prize.css';

function AchievementBody({ item }: { item: AchievementDetail }) {
  return (
    <article className="dl-portal-page__main dl-prize-detail">
      <h1 className="dl-prize-detail__title">{item.title}</h1>
      <PortalDescriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'edition', label: '届次', children: item.editionName },
          { key: 'prize', label: '奖种', children: item.prizeName },
          { key: 'grade', label: '等级', children: item.awardGrade ? <PortalTag color="gold">{PRIZE_GRADE_LABELS[item.awardGrade]}</PortalTag> : '—' },
          { key: 'units', label: '完成单位', children: item.units.length ? item.units.join('、') : (item.unitOrgName ?? '—') },
          {
            key: 'completers',
            label: '主要完成人',
            span: 2,
            children: item.completers.length ? item.completers.map((c) => (c.unitName ? `${c.name}（${c.unitName}）` : c.name)).join('、') : '—',
          },
        ]}
      />
      {item.keywords.length > 0 && (
        <div className="dl-prize-tags" aria-label="关键词">
          {item.keywords.map((k) => (
            <PortalTag key={k}>{k}</PortalTag>
          ))}
        </div>
      )}
      <section className="dl-prize-detail__section">
        <h2>项目简介</h2>
        {/* Stored sanitised; RichTextView renders it as the portal renders article bodies. */}
        <RichTextView html={item.summaryHtml} className="dl-article__body" empty={<PortalEmpty description="暂无项目简介" />} />
      </section>
      {item.applicationHtml && (
        <section className="dl-prize-detail__section">
          <h2>推广应用情况</h2>
          <RichTextView html={item.applicationHtml} className="dl-article__body" />
        </section>
      )}
    </article>
  );
}

/** /showDetail/{id}: an awarded achievement as the public may read it, and the 有意向合作 form beside it. */
export default function ShowDetailPage() {
  const id = useParams().id ?? '';
  const achievement = useAchievement(id);
  useLoadErrorToast(achievement.error);
  usePortalTitle(achievement.data?.title ?? '成果展示');

  let body;
  if (achievement.isPending)
    body = (
      <div className="dl-portal-page__main">
        <PortalSkeleton rows={10} />
      </div>
    );
  else if (!achievement.data)
    body = <LoadFailure title="成果加载失败" error={achievement.error} retrying={achievement.isFetching} onRetry={() => void achievement.refetch()} />;
  else
    body = (
      <div className="dl-portal-page__body">
        <AchievementBody item={achievement.data} />
        <aside className="dl-portal-page__aside">
          <section className="dl-aside-card" aria-label="有意向合作">
            <h2 className="dl-catalog-content-tree__name">有意向合作</h2>
            <PurchaseForm achievementId={achievement.data.achievementId} />
          </section>
        </aside>
      </div>
    );

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={[{ title: '成果展示', to: '/show' }, { title: '详情' }]} />
      {body}
    </div>
  );
}
