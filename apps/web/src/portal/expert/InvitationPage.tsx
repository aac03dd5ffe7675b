import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { formatDateTime } from '../../lib/date';
import { loginPathFor } from '../../lib/redirect';
import { PortalButton, PortalCard, PortalSkeleton, toast } from '../shared/light';
import { PortalDescriptions } from '../shared/light/Descriptions';
import { PortalResult } from '../shared/light/Result';
import { usePortalTitle } from '../shared/usePortalTitle';
import { expertSelfApi, expertSelfKeys, useInvitation, type ExpertInvitation } from './api';
import { forgetInvitation, pendingInvitation, rememberInvitation } from './pendingInvitation';
import './expert.css';

/** Where an accepted invitation leads: the centre's 专家信息 tab, to complete and submit the profile. */
export const EXPERT_TAB_PATH = '/center?tab=expert';

/** Why a link does not work: unknown (404) or used, expired, withdrawn (409, the server's words). */
function refusalOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return '邀请链接无效，请核对链接或联系奖励办';
  return errorMessage(error);
}

/**
 * /expert/invitation?token=… (also /expert/invitation/:token): who invites whom into the expert
 * pool. Signed out, it asks to sign in (and comes back) or register first; signed in, 接受邀请
 * links the account to the invited profile and opens 专家信息. Drawn with the portal's light components
 * (antd Result, Descriptions and Space's look), so the page loads no antd.
 */
export default function InvitationPage() {
  usePortalTitle('专家入库邀请');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const token = (params.token ?? searchParams.get('token') ?? '').trim();
  const { data, error, isPending } = useInvitation(token);

  // A link that no longer works is not offered again in 专家信息.
  useEffect(() => {
    if (error && pendingInvitation() === token) forgetInvitation();
  }, [error, token]);

  let body: React.ReactNode;
  if (!token) body = <PortalResult status="warning" title="邀请链接不完整" subTitle="请使用奖励办发来的完整链接" extra={<HomeLink />} />;
  else if (isPending) body = <PortalSkeleton rows={5} />;
  else if (error) body = <PortalResult status="warning" title="该邀请不能使用" subTitle={refusalOf(error)} extra={<HomeLink />} />;
  else body = <InvitationCard token={token} invitation={data} />;
  return <PortalCard className="dl-expert-invitation">{body}</PortalCard>;
}

function HomeLink() {
  const navigate = useNavigate();
  return <PortalButton onClick={() => navigate('/')}>返回首页</PortalButton>;
}

function InvitationCard({ token, invitation }: { token: string; invitation: ExpertInvitation }) {
  const signedIn = useSessionStore((s) => s.session !== null);
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [accepting, setAccepting] = useState(false);

  // Signed out: registration lands on /center, whose 专家信息 tab then offers the way back here.
  useEffect(() => {
    if (!signedIn) rememberInvitation(token);
  }, [signedIn, token]);

  const accept = async () => {
    setAccepting(true);
    try {
      const profile = await expertSelfApi.accept(token);
      forgetInvitation();
      client.setQueryData(expertSelfKeys.profile(), profile);
      toast('success', '已接受邀请，请完善专家资料并提交审核');
      navigate(EXPERT_TAB_PATH, { replace: true });
    } catch (e) {
      toast('error', errorMessage(e));
      setAccepting(false);
    }
  };

  return (
    <PortalResult
      status="info"
      title="评审专家库入库邀请"
      subTitle={`${invitation.inviterName}${invitation.purpose}`}
      extra={
        <div className="dl-expert-invitation__stack">
          <PortalDescriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'expert', label: '受邀专家', children: invitation.expertName },
              { key: 'unit', label: '工作单位', children: invitation.unitName || '—' },
              { key: 'inviter', label: '邀请人', children: invitation.inviterName },
              { key: 'expires', label: '有效期至', children: formatDateTime(invitation.expiresAt) },
            ]}
          />
          {signedIn ? (
            <div>
              <PortalButton variant="primary" size="large" className={accepting ? 'dl-btn--loading' : undefined} icon={accepting ? <span className="dl-spinner" /> : undefined} aria-busy={accepting} onClick={accepting ? undefined : () => void accept()}>
                接受邀请
              </PortalButton>
            </div>
          ) : (
            <>
              <p className="dl-expert-invitation__hint">接受邀请前请先登录；还没有账号请先注册，注册后在个人中心「专家信息」中继续接受邀请。</p>
              <div className="dl-expert-invitation__actions">
                <PortalButton variant="primary" onClick={() => navigate(loginPathFor(location.pathname + location.search))}>
                  登录后接受邀请
                </PortalButton>
                <PortalButton onClick={() => navigate('/enroll')}>注册账号</PortalButton>
              </div>
            </>
          )}
        </div>
      }
    />
  );
}
