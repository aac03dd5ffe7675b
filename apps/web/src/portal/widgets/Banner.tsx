import { Carousel } from 'antd';
import type { PortalBanner } from '../api';
import './banner.css';

function Slide({ banner }: { banner: PortalBanner }) {
  const picture = (
    <>
      <img src={banner.imageUrl} alt={banner.title} className="dl-banner__image" />
      <span className="dl-banner__caption">{banner.title}</span>
    </>
  );
  if (!banner.linkUrl) return <div className="dl-banner__slide">{picture}</div>;
  const newTab = banner.openType === 'EXTERNAL_OPEN';
  return (
    <a
      href={banner.linkUrl}
      className="dl-banner__slide"
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {picture}
    </a>
  );
}

/** The banner widget: the position's pictures rotating, each with its title and optional link. Nothing when there are none. */
export function Banner({ banners }: { banners: readonly PortalBanner[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="dl-banner" aria-label="轮播图">
      <Carousel autoplay={banners.length > 1} autoplaySpeed={5000} dots={banners.length > 1}>
        {banners.map((banner) => (
          <Slide key={banner.bannerId} banner={banner} />
        ))}
      </Carousel>
    </section>
  );
}
