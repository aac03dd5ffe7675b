/** The reviewer's last word and a withdrawal request, above the declaration. */
import { Alert, Space } from 'antd';
import { DECLARATION_STEP_LABELS } from '@dandelion/shared/award/declaration';
import { formatDateTime } from '../../lib/date';
import type { DeclarationDetail } from './api';

/** 不予受理 reasons: the server answers them by their dictionary names (AWARD_REJECT_REASON). */
export function ReasonList({ reasons }: { reasons: readonly string[] }) {
  return <>{reasons.join('、')}</>;
}

export function ReviewNotes({ declaration }: { declaration: DeclarationDetail }) {
  const { lastNote: note, revocation } = declaration;
  if (!note && !revocation) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {revocation && (
        <Alert
          type={revocation.status === 'PENDING' ? 'warning' : 'info'}
          showIcon
          title={revocation.status === 'PENDING' ? '申报人申请撤回，待办理' : '撤回申请未获同意'}
          description={
            <>
              <div>撤回理由：{revocation.reason}</div>
              <div>申请时间：{formatDateTime(revocation.requestTime)}</div>
              {revocation.opinion && <div>办理意见：{revocation.opinion}</div>}
            </>
          }
        />
      )}
      {note && (
        <Alert
          type="info"
          showIcon
          title={`最近审核：${DECLARATION_STEP_LABELS[note.action]}（${note.actorName}，${formatDateTime(note.time)}）`}
          description={
            note.opinion || note.reasons.length || note.deadline ? (
              <>
                {note.opinion && <div>审核意见：{note.opinion}</div>}
                {note.reasons.length > 0 && (
                  <div>
                    不予受理理由：<ReasonList reasons={note.reasons} />
                  </div>
                )}
                {note.deadline && <div>修改期限：{note.deadline} 前重新提交</div>}
              </>
            ) : undefined
          }
        />
      )}
    </Space>
  );
}
