import { AccountCenterTabs } from '../../auth/center/cards/AccountCenterTabs';

/**
 * /center in the console (spec §2 center group: 个人中心), inside the console layout: the same
 * personal centre applicants get in the portal, as tabs of cards.
 */
export default function AccountCenterPage() {
  return (
    <div className="dl-account-center" data-testid="account-center">
      <AccountCenterTabs />
    </div>
  );
}
