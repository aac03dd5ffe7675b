import { LookupListPage } from './LookupPages';
import { withAntdProviders } from '../shared/withAntdProviders';

/** /fund: the FUND lookup (see docs/portal-prize-pages.md for why this page shows it). */
function FundListPage() {
  return <LookupListPage kind="FUND" />;
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(FundListPage);
