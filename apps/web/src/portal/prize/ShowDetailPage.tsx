import { useParams } from 'react-router';
import { Descriptions, Empty, Skeleton, Tag } from 'antd';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { RichTextView } from '../../components/RichTextView';
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
import { withAntdProviders } from '../shared/withAntdProviders';

function AchievementBody({ item }: { item: AchievementDetail }) {
  return (
    <article className="dl-portal-page__main dl-prize-detail">
      <h1 className="dl-prize-detail__title">{item.title}</h1>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="届次">{item.editionName}</Descriptions.Item>
        <Descriptions.Item label="奖种">{item.prizeName}</Descriptions.Item>
        <Descriptions.Item label="等级">{item.awardGrade ? <Tag color="gold">{PRIZE_GRADE_LABELS[item.awardGrade]}</Tag> : '—'}</Descriptions.Item>
        <Descriptions.Item label="完成单位">{item.units.length ? item.units.join('、') : (item.unitOrgName ?? '—')}</Descriptions.Item>
        <Descriptions.Item label="主要完成人" span={2}>
          {item.completers.length ? item.completers.map((c) => (c.unitName ? `${c.name}（${c.unitName}）` : c.name)).join('、') : '—'}
        </Descriptions.Item>
      </Descriptions>
      {item.keywords.length > 0 && (
        <div className="dl-prize-tags" aria-label="关键词">
          {item.keywords.map((k) => (
            <Tag key={k}>{k}</Tag>
          ))}
        </div>
      )}
      <section className="dl-prize-detail__section">
        <h2>项目简介</h2>
        {/* Stored sanitised; RichTextView renders it as the portal renders article bodies. */}
        <RichTextView html={item.summaryHtml} className="dl-article__body" empty={<Empty description="暂无项目简介" />} />
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
function ShowDetailPage() {
  const id = useParams().id ?? '';
  const achievement = useAchievement(id);
  useLoadErrorToast(achievement.error);
  usePortalTitle(achievement.data?.title ?? '成果展示');

  let body;
  if (achievement.isPending) body = <Skeleton active title paragraph={{ rows: 10 }} className="dl-portal-page__main" />;
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

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(ShowDetailPage);
