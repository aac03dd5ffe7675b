import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { fetchIdentity } from '../../api/auth';
import { useSessionStore } from '../../api/session';
import { loginPathFor } from '../../lib/redirect';
import { IDENTITY_REQUIRED, OBJECTION_WINDOW_CLOSED } from '@dandelion/shared/award/objection';
import { objectionKeys } from './api';
import { ObjectionFormModal } from './ObjectionFormModal';

export interface ObjectionEntryActionProps {
  publicityId: string;
  declarationId: string;
  /** The entry's title, shown in the form's heading. */
  title: string;
  /** Whether the publicity window is open now. */
  open: boolean;
}

/**
 * 提出异议 on one publicity entry. Closed window: disabled with the reason. Signed out: to the login,
 * back here afterwards. A person without verified identity is pointed to 个人中心 实名认证, though
 * a unit (with its seal page) may still file, so the form opens after the notice.
 */
export function ObjectionEntryAction({ publicityId, declarationId, title, open }: ObjectionEntryActionProps) {
  const signedIn = useSessionStore((s) => !!s.session);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const [filing, setFiling] = useState(false);

  if (!open) {
    return (
      <Tooltip title={OBJECTION_WINDOW_CLOSED}>
        {/* A disabled button gets no pointer events: the span carries the tooltip. */}
        <span>
          <Button size="small" disabled>
            提出异议
          </Button>
        </span>
      </Tooltip>
    );
  }

  const start = async () => {
    if (!signedIn) {
      navigate(loginPathFor(window.location.pathname + window.location.search));
      return;
    }
    const identity = await fetchIdentity().catch(() => null);
    if (identity && !identity.identityVerified) {
      modal.confirm({
        title: '尚未实名认证',
        content: `${IDENTITY_REQUIRED}。以单位名义提出（加盖公章）的，可继续填写。`,
        okText: '去实名认证',
        cancelText: '以单位名义继续',
        onOk: () => navigate('/center'),
        onCancel: () => setFiling(true),
      });
      return;
    }
    setFiling(true);
  };

  return (
    <>
      <Button size="small" onClick={() => void start()}>
        提出异议
      </Button>
      <ObjectionFormModal
        open={filing}
        publicityId={publicityId}
        declarationId={declarationId}
        title={title}
        onClose={() => setFiling(false)}
        onFiled={() => {
          setFiling(false);
          void message.success('异议已提交，处理结果将以站内信通知您');
          void queryClient.invalidateQueries({ queryKey: objectionKeys.all });
        }}
      />
    </>
  );
}
