import { ICP_RECORD_URL } from '@dandelion/shared/cms/site';
import type { PortalSite } from '../api';
import { useComplaintDialog } from '../complaint/useComplaintDialog';
import { PortalButton } from '../shared/light';

/**
 * Site footer of a government portal: 主办单位, contact lines, copyright, ICP 备案号 (linking to the
 * MIIT record system), 公安备案号 and 网站标识码 as the site settings hold them; a blank one is left out.
 */
export function PortalFooter({ site, fallbackName }: { site: PortalSite | undefined; fallbackName: string }) {
  const name = site?.displayName || site?.siteName || fallbackName;
  const complaint = useComplaintDialog();
  const contact = [
    site?.contactAddress && <span key="address">联系地址：{site.contactAddress}</span>,
    site?.contactPhone && <span key="phone">联系电话：{site.contactPhone}</span>,
    site?.contactEmail && (
      <span key="email">
        联系邮箱：<a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
      </span>
    ),
  ].filter(Boolean);
  const records = [
    site?.icp && (
      <a key="icp" href={ICP_RECORD_URL} target="_blank" rel="noopener noreferrer">
        {site.icp}
      </a>
    ),
    site?.policeRecord && <span key="police">{site.policeRecord}</span>,
    site?.siteIdentCode && <span key="ident">网站标识码：{site.siteIdentCode}</span>,
  ].filter(Boolean);

  return (
    <footer className="dl-portal-footer">
      <p className="dl-portal-footer__links">
        <PortalButton variant="link" size="small" onClick={complaint.open}>
          投诉建议
        </PortalButton>
      </p>
      {site?.organizer && <p>主办单位：{site.organizer}</p>}
      {contact.length > 0 && <p>{contact}</p>}
      <p>{site?.copyright || `© ${new Date().getFullYear()} ${name}`}</p>
      {records.length > 0 && <p>{records}</p>}
      <p>蒲公英 · 科技奖励申报与评审平台</p>
      {complaint.dialog}
    </footer>
  );
}
