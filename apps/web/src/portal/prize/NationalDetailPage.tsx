import { LookupDetailPage } from './LookupDetailPage';

/** /nationalDetail/{id}: the PROJECT lookup (see docs/portal-prize-pages.md for why this page shows it). */
export default function NationalDetailPage() {
  return <LookupDetailPage kind="PROJECT" />;
}
