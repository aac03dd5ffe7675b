import { useNavigate } from 'react-router';
import { useSessionStore } from '../../api/session';
import { loginPathFor } from '../../lib/redirect';
import { LatestContents } from '../widgets/LatestContents';
import { OpenPrizes } from '../declare/OpenPrizes';
import { formIcon } from '../declare/formIcon';
import { PortalButton } from '../shared/light';
import { CatalogListView } from './CatalogListView';
import './entry-band.css';

/** Where an applicant finds what they declared: 我的申报 in the personal centre (signing in first). */
function MyDeclarationsEntry() {
  const signedIn = useSessionStore((s) => !!s.session);
  const navigate = useNavigate();
  return (
    <div className="dl-entry-band">
      <span className="dl-entry-band__icon" aria-hidden>
        {formIcon}
      </span>
      <div className="dl-entry-band__text">
        <strong>在线申报</strong>
        <span>阅读申报指南后选择奖种开始申报；已创建的申报书在个人中心的「我的申报」中继续填写、提交和打印。</span>
      </div>
      <PortalButton onClick={() => navigate(signedIn ? '/center' : loginPathFor('/center'))}>{signedIn ? '我的申报' : '登录查看我的申报'}</PortalButton>
    </div>
  );
}

/**
 * /declare: the editions now declaring with their prizes, guides, windows and 开始申报; then the
 * `declare` catalogue's articles, with the declaration guides beside.
 */
export default function DeclarePage() {
  return (
    <CatalogListView
      code="declare"
      lead={
        <>
          <OpenPrizes />
          <MyDeclarationsEntry />
        </>
      }
      aside={<LatestContents catalogCode="apply" title="申报指南" size={5} />}
    />
  );
}
