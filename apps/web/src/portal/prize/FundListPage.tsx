import { LookupListPage } from './LookupListPage';

/** /fund: the FUND lookup (see docs/portal-prize-pages.md for why this page shows it). */
export default function FundListPage() {
  return <LookupListPage kind="FUND" />;
}
