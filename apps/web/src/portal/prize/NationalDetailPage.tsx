import { LookupDetailPage } from './LookupDetailPage';
import { withAntdProviders } from '../shared/withAntdProviders';

/** /nationalDetail/{id}: the PROJECT lookup (see docs/portal-prize-pages.md for why this page shows it). */
function NationalDetailPage() {
  return <LookupDetailPage kind="PROJECT" />;
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(NationalDetailPage);
