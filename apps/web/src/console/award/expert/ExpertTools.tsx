import { useState } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, Modal, Spin, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EXPERT_HISTORY_ACTION_LABELS, EXPERT_INVITATION_DAYS, EXPERT_STATUS_LABELS, expertCalls, MAX_EXPERT_IMPORT_BYTES } from '@dandelion/shared/award/expert';
import { downloadByFileId } from '../../../api/download';
import { FormModal, rulesOf } from '../../../components/form';
import { LoadError } from '../../../components/LoadError';
import { formatDateTimeSeconds } from '../../../lib/date';
import { expertApi, type ExpertRow, type ImportResult, type InviteResult, type InviteValues } from './api';
import { ImportDialog } from '../../../components/ImportDialog';

/** 审核历史: every change of the expert's standing, oldest first, with who, why, until when and the evidence. */
export function ExpertHistoryDrawer({ expert, onClose }: { expert: ExpertRow | null; onClose: () => void }) {
  const history = useQuery({
    queryKey: ['expert-history', expert?.expertId],
    queryFn: ({ signal }) => expertApi.history(expert!.expertId, signal),
    enabled: !!expert,
  });
  const body = history.isError ? (
    <LoadError message={history.error.message} onRetry={() => void history.refetch()} />
  ) : history.isPending ? (
    <Spin />
  ) : !history.data.length ? (
    <Empty description="还没有审核记录" />
  ) : (
    <Timeline
      items={history.data.map((line) => ({
        key: line.historyId,
        color: /REJECT|BLACKLIST$|SUSPEND|DELETION/.test(line.action) ? 'red' : 'blue',
        content: (
          <div>
            <Typography.Text strong>{EXPERT_HISTORY_ACTION_LABELS[line.action]}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {line.actorName} · {formatDateTimeSeconds(line.createTime)}
            </Typography.Text>
            <div>
              {line.fromStatus && line.fromStatus !== line.toStatus ? `${EXPERT_STATUS_LABELS[line.fromStatus]} → ` : ''}
              {EXPERT_STATUS_LABELS[line.toStatus]}
            </div>
            {line.reason && <div>理由：{line.reason}</div>}
            {line.until && <div>截止日期：{line.until}</div>}
            {line.evidenceFileId && (
              <div>
                证明材料：<a onClick={() => downloadByFileId(line.evidenceFileId, '证明材料')}>下载</a>
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
  return (
    <Drawer open={!!expert} title={`审核历史：${expert?.name ?? ''}`} size={480} onClose={onClose} destroyOnHidden>
      {body}
    </Drawer>
  );
}

const inviteRules = rulesOf(expertCalls.invite.body);

/** 邀请专家: name and phone; the answer's link is shown once, for the office to pass on when no message reached the person. */
export function ExpertInviteModal({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const [result, setResult] = useState<InviteResult | null>(null);
  const close = () => {
    setResult(null);
    onClose();
  };
  if (result) {
    const link = `${window.location.origin}${result.link}`;
    return (
      <Modal open={open} title="邀请已发出" onCancel={close} footer={<Button onClick={close}>关闭</Button>}>
        <Alert
          type={result.messaged ? 'success' : 'warning'}
          showIcon
          title={result.messaged ? `已通过站内信通知对方${result.smsSent ? '，并发送了短信' : ''}` : '该手机号尚未注册账号，系统未能通知对方，请把下面的链接转交给对方'}
        />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          邀请链接（{EXPERT_INVITATION_DAYS} 天内有效，只能使用一次，关闭后不再显示）：
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: link }} code>
          {link}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <FormModal<InviteValues, InviteResult>
      open={open}
      title="邀请专家"
      name="expertInvite"
      form={form}
      initialValues={{}}
      save={(values) => expertApi.invite(values)}
      onSaved={(answer) => {
        setResult(answer);
        onInvited();
      }}
      onClose={close}
    >
      <Form.Item name="name" label="姓名" rules={inviteRules.name}>
        <Input placeholder="请输入姓名" maxLength={64} />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" rules={inviteRules.phone}>
        <Input placeholder="请输入手机号码" maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={inviteRules.email}>
        <Input placeholder="选填" maxLength={128} />
      </Form.Item>
      <Form.Item name="unitName" label="工作单位" rules={inviteRules.unitName}>
        <Input placeholder="选填" maxLength={128} />
      </Form.Item>
    </FormModal>
  );
}

/** 导入: template download, one .xlsx, progress while sending, every refused cell listed. */
export function ExpertImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <ImportDialog<ImportResult>
      open={open}
      title="导入专家"
      hint="请按模板填写后上传 .xlsx 文件（不超过 2 MB）。导入的专家直接入库；任意一行有误时不会导入任何数据。"
      maxBytes={MAX_EXPERT_IMPORT_BYTES}
      upload={(fileName, content, onSent) => expertApi.importList(fileName, content, onSent)}
      downloadTemplate={() => void expertApi.importTemplate()}
      onClose={onClose}
      onImported={onImported}
      renderResult={(result) => <Alert type="success" showIcon style={{ marginTop: 12 }} title={`成功导入 ${result.imported} 位专家`} />}
    />
  );
}
