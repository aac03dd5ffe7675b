import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { PortalCard, SkeletonBlock } from '../shared/light';
import { fileSearchIcon, formIcon } from './entryIcons';

interface EntryCardProps {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}

function EntryCard({ to, icon, title, description }: EntryCardProps) {
  return (
    <Link to={to} className="dl-entry-link">
      <PortalCard hoverable className="dl-entry-card">
        <span className="dl-entry-card__icon" aria-hidden>
          {icon}
        </span>
        <span className="dl-entry-card__text">
          <strong>{title}</strong>
          <span>{description}</span>
        </span>
      </PortalCard>
    </Link>
  );
}

/** The band at the top of the home page: site name, tagline and the two main entries. */
export function HomeHero({ siteName }: { siteName: string | undefined }) {
  return (
    <section className="dl-hero">
      <div className="dl-container">
        {siteName ? (
          <h1 className="dl-hero__title">{siteName}</h1>
        ) : (
          <SkeletonBlock className="dl-hero__title-skeleton" />
        )}
        <p className="dl-hero__tagline">申报 · 评审 · 公示</p>
        <div className="dl-hero__entries">
          <EntryCard to="/declare" icon={formIcon} title="我要申报" description="阅读申报通知，登录后在线填写并提交" />
          <EntryCard to="/query" icon={fileSearchIcon} title="结果查询" description="查询评审结果与公示信息" />
        </div>
      </div>
    </section>
  );
}
