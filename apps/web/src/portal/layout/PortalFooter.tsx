/** Site footer: the site name and the product line. */
export function PortalFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="dl-portal-footer">
      <p>
        © {new Date().getFullYear()} {siteName}
      </p>
      <p>蒲公英 · 科技奖励申报与评审平台</p>
    </footer>
  );
}
