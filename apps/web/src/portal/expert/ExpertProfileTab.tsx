import { useState } from 'react';
import { Alert, App, Button, Card, Form, Skeleton, Space } from 'antd';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EXPERT_INVITATION_PATH, EXPERT_SELF_EDITABLE, mayMove } from '@dandelion/shared/award/expert';
import { errorMessage } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { LoadFailure } from '../shared/LoadFailure';
import { expertSelfApi, expertSelfKeys, useMyExpertProfile, type MyExpertProfile } from './api';
import { bodyOf, ExpertProfileForm, valuesOf, type ProfileValues } from './ExpertProfileForm';
import { ExpertStatusNote } from './ExpertStatusNote';
import { pendingInvitation } from './pendingInvitation';
import './expert.css';

/** The first phone of the account's list (`phones` may hold several, comma-separated). */
const firstPhone = (phones: string | null | undefined) => phones?.split(/[,，;]/)[0]?.trim() || undefined;

/**
 * 专家信息 in the portal's personal centre: any signed-in user may register as an expert. The form
 * follows the contract's rules; 保存 keeps a draft, 提交审核 saves and hands it to the office.
 */
export function ExpertProfileTab() {
  const { data, isPending, error, refetch, isRefetching } = useMyExpertProfile();
  if (isPending) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;
  if (error) return <LoadFailure title="专家资料加载失败" error={error} retrying={isRefetching} onRetry={() => void refetch()} />;
  // Keyed by version: a saved or audited profile starts the form afresh from the server's answer.
  return <ProfileCard key={data ? `${data.expertId}:${data.lockVersion}` : 'new'} profile={data} />;
}

function ProfileCard({ profile }: { profile: MyExpertProfile | null }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const user = useSessionStore((s) => s.session?.userInfo);
  const [form] = Form.useForm<ProfileValues>();
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const editable = !profile || EXPERT_SELF_EDITABLE.includes(profile.status);
  const submittable = !profile || mayMove('SUBMIT', profile.status);
  const invitation = profile ? null : pendingInvitation();

  const run = async (action: 'save' | 'submit') => {
    let values: ProfileValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say why
    }
    setBusy(action);
    try {
      let saved = await expertSelfApi.save(bodyOf(values, profile?.lockVersion));
      if (action === 'submit') saved = await expertSelfApi.submit(saved.lockVersion);
      client.setQueryData(expertSelfKeys.profile(), saved);
      message.success(action === 'submit' ? '已提交审核，请等待奖励办审核' : '专家资料已保存');
    } catch (e) {
      message.error(errorMessage(e));
      // A refused submit after a good save, or a stale version: show what the server holds now.
      void client.invalidateQueries({ queryKey: expertSelfKeys.profile() });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="dl-expert-profile">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {invitation && (
          <Alert
            type="warning"
            showIcon
            title="您有一份专家入库邀请尚未接受"
            action={<Link to={`${EXPERT_INVITATION_PATH}?token=${encodeURIComponent(invitation)}`}>查看邀请</Link>}
          />
        )}
        <ExpertStatusNote profile={profile} />
        <ExpertProfileForm form={form} initialValues={valuesOf(profile, { name: user?.realname || undefined, phone: firstPhone(user?.phones) })} disabled={!editable || busy !== null} />
        {editable && (
          <Space wrap>
            <Button onClick={() => void run('save')} loading={busy === 'save'} disabled={busy === 'submit'}>
              保存
            </Button>
            {submittable && (
              <Button type="primary" onClick={() => void run('submit')} loading={busy === 'submit'} disabled={busy === 'save'}>
                提交审核
              </Button>
            )}
          </Space>
        )}
      </Space>
    </Card>
  );
}
