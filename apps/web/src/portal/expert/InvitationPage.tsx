import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Result, Skeleton, Space } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { formatDateTime } from '../../lib/date';
import { loginPathFor } from '../../lib/redirect';
import { usePortalTitle } from '../shared/usePortalTitle';
import { expertSelfApi, expertSelfKeys, useInvitation, type ExpertInvitation } from './api';
import { forgetInvitation, pendingInvitation, rememberInvitation } from './pendingInvitation';
import './expert.css';
import { withAntdProviders } from '../shared/withAntdProviders';

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
 * links the account to the invited profile and opens 专家信息.
 */
function InvitationPage() {
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
  if (!token) body = <Result status="warning" title="邀请链接不完整" subTitle="请使用奖励办发来的完整链接" extra={<HomeLink />} />;
  else if (isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (error) body = <Result status="warning" title="该邀请不能使用" subTitle={refusalOf(error)} extra={<HomeLink />} />;
  else body = <InvitationCard token={token} invitation={data} />;
  return <Card className="dl-expert-invitation">{body}</Card>;
}

function HomeLink() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate('/')}>返回首页</Button>;
}

function InvitationCard({ token, invitation }: { token: string; invitation: ExpertInvitation }) {
  const signedIn = useSessionStore((s) => s.session !== null);
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
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
      message.success('已接受邀请，请完善专家资料并提交审核');
      navigate(EXPERT_TAB_PATH, { replace: true });
    } catch (e) {
      message.error(errorMessage(e));
      setAccepting(false);
    }
  };

  return (
    <Result
      status="info"
      title="评审专家库入库邀请"
      subTitle={`${invitation.inviterName}${invitation.purpose}`}
      extra={
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="受邀专家">{invitation.expertName}</Descriptions.Item>
            <Descriptions.Item label="工作单位">{invitation.unitName || '—'}</Descriptions.Item>
            <Descriptions.Item label="邀请人">{invitation.inviterName}</Descriptions.Item>
            <Descriptions.Item label="有效期至">{formatDateTime(invitation.expiresAt)}</Descriptions.Item>
          </Descriptions>
          {signedIn ? (
            <Button type="primary" size="large" loading={accepting} onClick={() => void accept()}>
              接受邀请
            </Button>
          ) : (
            <>
              <p className="dl-expert-invitation__hint">接受邀请前请先登录；还没有账号请先注册，注册后在个人中心「专家信息」中继续接受邀请。</p>
              <Space wrap>
                <Button type="primary" onClick={() => navigate(loginPathFor(location.pathname + location.search))}>
                  登录后接受邀请
                </Button>
                <Button onClick={() => navigate('/enroll')}>注册账号</Button>
              </Space>
            </>
          )}
        </Space>
      }
    />
  );
}

// Draws with antd: the providers come with this page's chunk (the portal's first load has none).
export default withAntdProviders(InvitationPage);
