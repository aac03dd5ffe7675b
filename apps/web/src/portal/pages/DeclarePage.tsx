import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useSessionStore } from '../../api/session';
import { loginPathFor } from '../../lib/redirect';
import { LatestContents } from '../widgets/LatestContents';
import { CatalogListView } from './CatalogListView';
import './entry-band.css';

/** Where a visitor starts declaring: signed in, the personal centre; otherwise sign in first and come back. */
function DeclareEntry() {
  const signedIn = useSessionStore((s) => !!s.session);
  const navigate = useNavigate();
  return (
    <div className="dl-entry-band">
      <FormOutlined className="dl-entry-band__icon" aria-hidden />
      <div className="dl-entry-band__text">
        <strong>在线申报</strong>
        <span>阅读申报通知与指南后，登录平台填写并提交申报材料。</span>
      </div>
      <Button type="primary" onClick={() => navigate(signedIn ? '/center' : loginPathFor('/declare'))}>
        {signedIn ? '进入个人中心申报' : '登录后申报'}
      </Button>
    </div>
  );
}

/** /declare: the declaration entry, the `declare` catalogue's articles and the declaration guides beside. */
export default function DeclarePage() {
  return (
    <CatalogListView
      code="declare"
      lead={<DeclareEntry />}
      aside={<LatestContents catalogCode="apply" title="申报指南" size={5} />}
    />
  );
}
