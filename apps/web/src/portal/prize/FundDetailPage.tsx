import { LookupDetailPage } from './LookupDetailPage';
import { withAntdProviders } from '../shared/withAntdProviders';

/** /fundDetail/{id}: the FUND lookup (see docs/portal-prize-pages.md for why this page shows it). */
function FundDetailPage() {
  return <LookupDetailPage kind="FUND" />;
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(FundDetailPage);
