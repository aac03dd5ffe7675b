import { useEffect } from 'react';
import { App, Button, Card, Col, Empty, Result, Row, Skeleton } from 'antd';
import { errorMessage } from '../../api/http';
import { usePortalIndex } from '../api';
import { HomeHero } from './HomeHero';
import { SectionCard } from './SectionCard';
import './home.css';

const SKELETON_CARDS = 4;

/** / : the portal home page, built from POST /rest/cms/index. */
export default function HomePage() {
  const { data, error, isPending, isFetching, refetch } = usePortalIndex();
  const { message } = App.useApp();

  // Spec §2: content widgets show load errors in a toast (once per failure).
  useEffect(() => {
    if (error) message.error(errorMessage(error));
  }, [error, message]);

  let body;
  if (isPending) {
    body = (
      <Row gutter={[16, 16]}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Col xs={24} md={12} key={i}>
            <Card>
              <Skeleton active title paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (error) {
    body = (
      <Result
        status="error"
        title="首页内容加载失败"
        subTitle={errorMessage(error)}
        extra={
          <Button type="primary" loading={isFetching} onClick={() => refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (data.sections.length === 0) {
    body = <Empty description="暂无栏目内容" />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {data.sections.map((section) => (
          <Col xs={24} md={12} key={section.catalogId}>
            <SectionCard section={section} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <>
      <HomeHero siteName={data?.site.displayName || data?.site.siteName || (error ? '蒲公英' : undefined)} />
      <div className="dl-container dl-home-sections">{body}</div>
    </>
  );
}
