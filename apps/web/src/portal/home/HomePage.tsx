import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { usePortalIndex, siteTitleOf, type PortalSection } from '../api';
import { LoadFailure } from '../shared/LoadFailure';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePortalTitle } from '../shared/usePortalTitle';
import { Banner } from '../widgets/Banner';
import { HomeHero } from './HomeHero';
import { NoticeCard } from './NoticeCard';
import { SectionCard } from './SectionCard';
import './home.css';

const SKELETON_CARDS = 4;
/** Policies and news lead the home page, right after the notices (spec §2 home). */
const LEADING = ['policy', 'news'];
/** Notices come from messaging's public notices (NoticeCard), not from the CMS catalogue. */
const NOT_ON_HOME = new Set(['notification']);

function homeSections(sections: readonly PortalSection[]): PortalSection[] {
  const rank = (s: PortalSection) => (LEADING.includes(s.code) ? LEADING.indexOf(s.code) : LEADING.length);
  return sections.filter((s) => !NOT_ON_HOME.has(s.code)).sort((a, b) => rank(a) - rank(b));
}

/** / : the portal home page — entries to 申报 and 查询, banners, notices, policies, news and the other catalogues. */
export default function HomePage() {
  const { data, error, isPending, isFetching, refetch } = usePortalIndex();
  useLoadErrorToast(error);
  usePortalTitle('首页');

  let sections;
  if (isPending) {
    sections = Array.from({ length: SKELETON_CARDS - 1 }, (_, i) => (
      <Col xs={24} md={12} key={i}>
        <Card>
          <Skeleton active title paragraph={{ rows: 4 }} />
        </Card>
      </Col>
    ));
  } else if (error) {
    sections = (
      <Col xs={24} md={12}>
        <LoadFailure title="首页内容加载失败" error={error} retrying={isFetching} onRetry={() => void refetch()} />
      </Col>
    );
  } else {
    sections = homeSections(data.sections).map((section) => (
      <Col xs={24} md={12} key={section.catalogId}>
        <SectionCard section={section} />
      </Col>
    ));
  }

  return (
    <>
      <HomeHero siteName={siteTitleOf(data?.site) ?? (error ? '蒲公英' : undefined)} />
      <div className="dl-container dl-home-sections">
        {data?.banners && data.banners.length > 0 && (
          <div className="dl-home-banner">
            <Banner banners={data.banners} />
          </div>
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} md={12}>
            <NoticeCard />
          </Col>
          {sections}
        </Row>
        {data && data.sections.length === 0 && <Empty description="暂无栏目内容" />}
      </div>
    </>
  );
}
