import { Button } from 'antd';
import type { PortalSite } from '../api';
import { useComplaintDialog } from '../complaint/useComplaintDialog';

/** Site footer: contact lines, copyright and ICP record of the site, and the 投诉建议 entry. */
export function PortalFooter({ site, fallbackName }: { site: PortalSite | undefined; fallbackName: string }) {
  const name = site?.displayName || site?.siteName || fallbackName;
  const complaint = useComplaintDialog();
  return (
    <footer className="dl-portal-footer">
      <p className="dl-portal-footer__links">
        <Button type="link" size="small" onClick={complaint.open}>
          投诉建议
        </Button>
      </p>
      {(site?.contactPhone || site?.contactAddress) && (
        <p>
          {site.contactAddress && <span>地址：{site.contactAddress}</span>}
          {site.contactPhone && <span>电话：{site.contactPhone}</span>}
        </p>
      )}
      <p>{site?.copyright || `© ${new Date().getFullYear()} ${name}`}</p>
      {site?.icp && <p>{site.icp}</p>}
      <p>蒲公英 · 科技奖励申报与评审平台</p>
      {complaint.dialog}
    </footer>
  );
}
