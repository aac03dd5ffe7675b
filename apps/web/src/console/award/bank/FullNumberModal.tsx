import { useEffect, useRef, useState } from 'react';
import { Alert, Modal, Spin, Typography } from 'antd';
import { errorMessage } from '../../../api/http';
import { bankApi, type BankAccount } from './api';

/**
 * 查看完整账号 (finance): asks the server for the whole number when opened — each opening is one
 * logged read — and says so. The number lives only in this modal's state and goes when it closes.
 */
export function FullNumberModal({ account, onClose }: { account: BankAccount; onClose: () => void }) {
  const [number, setNumber] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // One request per opening: React's development double effect must not make a second logged read.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    bankApi.fullNumber(account.id).then(
      (answer) => setNumber(answer.accountNumber),
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [account.id]);

  return (
    <Modal open title={`完整银行账号：${account.accountName}`} onCancel={onClose} onOk={onClose} okText="关闭" cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <p>
        {account.bankName} {account.branchName}
      </p>
      {failure ? (
        <Alert type="error" showIcon title={failure} />
      ) : number === null ? (
        <Spin />
      ) : (
        <Typography.Paragraph copyable={{ text: number }} style={{ fontFamily: 'monospace', fontSize: 20 }} data-testid="bank-full-number">
          {number.replace(/(\d{4})(?=\d)/g, '$1 ')}
        </Typography.Paragraph>
      )}
      <Alert type="warning" showIcon title="本次查看已记入操作日志（查看人、时间与账户），请仅用于发放评审费，勿截图或外传。" style={{ marginTop: 16 }} />
    </Modal>
  );
}
