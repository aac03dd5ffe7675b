import { Alert, Tag } from 'antd';
import { EXPERT_STATUS_LABELS, type ExpertStatus } from '@dandelion/shared/award/expert';
import type { MyExpertProfile } from './api';

const COLORS: Readonly<Record<ExpertStatus, string>> = {
  REGISTERED: 'default',
  PENDING_AUDIT: 'processing',
  ACTIVE: 'success',
  REJECTED: 'error',
  SUSPENDED: 'warning',
  BLACKLISTED: 'error',
  PENDING_DELETION: 'warning',
  DELETED: 'default',
};

const until = (day: string | null) => (day ? `，至 ${day}` : '');

/** What the state means for the expert, and what they may do next. */
function noteOf(profile: MyExpertProfile): { type: 'info' | 'success' | 'warning' | 'error'; text: string } {
  const reason = profile.statusReason ? `原因：${profile.statusReason}` : '';
  switch (profile.status) {
    case 'REGISTERED':
      return { type: 'info', text: '资料已保存，尚未提交。请完善资料后提交审核，奖励办审核通过后入库。' };
    case 'PENDING_AUDIT':
      return { type: 'info', text: '资料已提交，等待奖励办审核；审核期间不能修改。' };
    case 'ACTIVE':
      return { type: 'success', text: '您已入选评审专家库。资料变化请及时更新，回避关系将用于评审分配。' };
    case 'REJECTED':
      return { type: 'error', text: `审核未通过。${reason}${reason ? '。' : ''}可修改资料后重新提交审核。` };
    case 'SUSPENDED':
      return { type: 'warning', text: `您的专家资格已暂停${until(profile.statusUntil)}。${reason}` };
    case 'BLACKLISTED':
      return { type: 'error', text: `您已被列入专家黑名单${until(profile.statusUntil)}。${reason}` };
    case 'PENDING_DELETION':
    case 'DELETED':
      return { type: 'warning', text: `专家资料正在办理删除，不能修改。${reason}` };
  }
}

/** 专家状态: the state's tag and what it means. */
export function ExpertStatusNote({ profile }: { profile: MyExpertProfile | null }) {
  if (!profile) {
    return <Alert type="info" showIcon title="您还不是评审专家" description="填写专家资料并提交审核，经奖励办审核通过后入库。" />;
  }
  const note = noteOf(profile);
  return (
    <Alert
      type={note.type}
      showIcon
      title={
        <span>
          专家状态：<Tag color={COLORS[profile.status]}>{EXPERT_STATUS_LABELS[profile.status]}</Tag>
        </span>
      }
      description={note.text}
    />
  );
}
