import { LookupDetailPage } from './LookupDetailPage';

/** /fundDetail/{id}: the FUND lookup (see docs/portal-prize-pages.md for why this page shows it). */
export default function FundDetailPage() {
  return <LookupDetailPage kind="FUND" />;
}
