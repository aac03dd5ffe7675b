import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { fetchIdentity } from '../../api/auth';
import { useSessionStore } from '../../api/session';
import { loginPathFor } from '../../lib/redirect';
import { IDENTITY_REQUIRED, OBJECTION_WINDOW_CLOSED } from '@dandelion/shared/award/objection';
import { lazyWithAntd } from '../shared/lazyWithAntd';
import { PortalButton, toast } from '../shared/light';
import { useConfirm } from '../shared/light/Confirm';
import { PortalTooltip } from '../shared/light/Tooltip';
import { objectionKeys } from './api';

// The form dialog draws with antd (Form, Select, Upload, Modal): its chunk and antd's providers load on the first
// 提出异议, so /queryDetail draws its entries without antd. The import is asked for as the click starts, beside
// the identity check, and the same promise then serves the lazy component.
const loadDialog = () => import('./ObjectionFormModal').then((m) => m.ObjectionFormModal);
const ObjectionFormModal = lazyWithAntd(loadDialog);

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
  const [confirm, confirmDialog] = useConfirm();
  const [filing, setFiling] = useState(false);
  // Once opened, the dialog stays mounted (antd's Modal then animates closing and opening again as before): it is
  // never mounted anew, nor suspended, while the visitor is filling it in.
  const [loaded, setLoaded] = useState(false);

  if (!open) {
    return (
      <PortalTooltip title={OBJECTION_WINDOW_CLOSED}>
        <PortalButton size="small" disabled>
          提出异议
        </PortalButton>
      </PortalTooltip>
    );
  }

  const fileNow = () => {
    setLoaded(true);
    setFiling(true);
  };

  const start = async () => {
    if (!signedIn) {
      navigate(loginPathFor(window.location.pathname + window.location.search));
      return;
    }
    void loadDialog();
    const identity = await fetchIdentity().catch(() => null);
    if (identity && !identity.identityVerified) {
      confirm({
        title: '尚未实名认证',
        content: `${IDENTITY_REQUIRED}。以单位名义提出（加盖公章）的，可继续填写。`,
        okText: '去实名认证',
        cancelText: '以单位名义继续',
        onOk: () => navigate('/center'),
        onCancel: fileNow,
      });
      return;
    }
    fileNow();
  };

  return (
    <>
      <PortalButton size="small" onClick={() => void start()}>
        提出异议
      </PortalButton>
      {confirmDialog}
      {loaded && (
        <Suspense fallback={null}>
          <ObjectionFormModal
            open={filing}
            publicityId={publicityId}
            declarationId={declarationId}
            title={title}
            onClose={() => setFiling(false)}
            onFiled={() => {
              setFiling(false);
              toast('success', '异议已提交，处理结果将以站内信通知您');
              void queryClient.invalidateQueries({ queryKey: objectionKeys.all });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
