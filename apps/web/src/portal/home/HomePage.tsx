import { Suspense } from 'react';
import { usePortalIndex, siteTitleOf, type PortalSection } from '../api';
import { PortalCard, PortalEmpty, PortalSkeleton } from '../shared/light';
import { LoadFailure } from '../shared/LoadFailure';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { CatalogList } from '../widgets/CatalogList';
import { HomeHero } from './HomeHero';
import { NoticeCard } from './NoticeCard';
import { SectionCard } from './SectionCard';
import './home.css';
import { lazyWithAntd } from '../shared/lazyWithAntd';

const SKELETON_CARDS = 4;
// The carousel's code loads only for a site that has home banners.
const Banner = lazyWithAntd(() => import('../widgets/Banner').then((m) => m.Banner));
/**
 * The catalogues with a card on the home page, after the notices (spec §2 home: policies, news);
 * the others are one click away in the 栏目直达 tiles. The notice card joins messaging's public
 * notices with the `notification` catalogue's articles.
 */
const HOME_CARDS = ['policy', 'news', 'introduce'];
const homeSections = (sections: readonly PortalSection[]): PortalSection[] =>
  HOME_CARDS.map((code) => sections.find((s) => s.code === code)).filter((s): s is PortalSection => !!s);
// 申报入口 and 结果查询 are the hero's two entries: a tile would say it a third time (the navigation is the second).
const TILE_EXCLUDED = new Set([...HOME_CARDS, 'notification', 'declare', 'query']);

/** / : the portal home page — entries to 申报 and 查询, banners, notices, policies, news and the other catalogues. */
export default function HomePage() {
  const { data, error, isPending, isFetching, refetch } = usePortalIndex();
  useLoadErrorToast(error);
  usePortalTitle('首页');

  let sections;
  if (isPending) {
    sections = Array.from({ length: SKELETON_CARDS - 1 }, (_, i) => (
      <div key={i}>
        <PortalCard>
          <PortalSkeleton rows={4} />
        </PortalCard>
      </div>
    ));
  } else if (error) {
    sections = (
      <div>
        <LoadFailure title="首页内容加载失败" error={error} retrying={isFetching} onRetry={() => void refetch()} />
      </div>
    );
  } else {
    sections = homeSections(data.sections).map((section) => (
      <div key={section.catalogId}>
        <SectionCard section={section} />
      </div>
    ));
  }

  return (
    <>
      <HomeHero siteName={siteTitleOf(data?.site) ?? (error ? '蒲公英' : undefined)} />
      <div className="dl-container dl-home-sections">
        {data?.banners && data.banners.length > 0 && (
          <div className="dl-home-banner">
            <Suspense fallback={<div className="dl-home-banner__placeholder" />}>
              <Banner banners={data.banners} />
            </Suspense>
          </div>
        )}
        <div className="dl-home-grid">
          <div>
            <NoticeCard articles={data?.sections.find((section) => section.code === 'notification')?.contents ?? []} />
          </div>
          {sections}
        </div>
        {data && data.sections.length === 0 && <PortalEmpty description="暂无栏目内容" />}
        {data && (
          <section className="dl-home-tiles" aria-labelledby="dl-home-tiles-title">
            <h2 id="dl-home-tiles-title">栏目直达</h2>
            <CatalogList title="栏目直达" catalogs={data.catalogs.filter((c) => !TILE_EXCLUDED.has(c.code))} />
          </section>
        )}
      </div>
    </>
  );
}
