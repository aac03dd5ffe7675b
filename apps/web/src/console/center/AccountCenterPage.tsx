import { useSearchParams } from 'react-router';
import { AccountCenterTabs } from '../../auth/center/cards/AccountCenterTabs';

/**
 * /center in the console (spec §2 center group: 个人中心), inside the console layout: the same
 * personal centre applicants get in the portal, as tabs of cards.
 */
export default function AccountCenterPage() {
  // ?tab=security: where the console sends an administrator who must enrol in two-factor sign-in.
  const [params] = useSearchParams();
  return (
    <div className="dl-account-center" data-testid="account-center">
      <AccountCenterTabs defaultTab={params.get('tab') ?? 'profile'} />
    </div>
  );
}
