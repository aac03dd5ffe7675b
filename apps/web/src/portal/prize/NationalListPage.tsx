import { LookupListPage } from './LookupListPage';

/** /national: the PROJECT lookup (see docs/portal-prize-pages.md for why this page shows it). */
export default function NationalListPage() {
  return <LookupListPage kind="PROJECT" />;
}
