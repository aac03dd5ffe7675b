import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/date';
import { disableTwoFactor, forgetTrustedDevices, regenerateRecoveryCodes, twoFactorKeys, useTwoFactorStatus } from '../twoFactorApi';
import { CodeModal, EnrolModal, RecoveryCodesModal } from './TwoFactorDialogs';

type Dialog = 'enrol' | 'disable' | 'regenerate' | null;

/**
 * 两步验证 (TOTP): enrol with an authenticator app, keep recovery codes, forget remembered devices,
 * turn it off with the password and a code. Administrators the setting requires it of see why first.
 */
export function TwoFactorCard() {
  const { data: status, isPending } = useTwoFactorStatus();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status() });

  const showCodes = (recoveryCodes: string[]) => {
    setDialog(null);
    setCodes(recoveryCodes);
    void refresh();
  };

  const forget = async () => {
    try {
      const { count } = await forgetTrustedDevices();
      message.success(count > 0 ? `已取消 ${count} 台受信任设备` : '没有受信任设备');
    } catch (e) {
      message.error(errorMessage(e));
    }
    await refresh();
  };

  return (
    <Card title={<Space><SafetyCertificateOutlined />两步验证</Space>} data-testid="center-two-factor">
      {isPending || !status ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          {status.due && (
            <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="系统要求管理员开启两步验证" description="开启前无法使用系统管理功能。请用手机上的身份验证器应用扫码开启。" />
          )}
          <Descriptions column={1} size="small">
            <Descriptions.Item label="状态">{status.enabled ? <Tag color="success">已开启</Tag> : <Tag>未开启</Tag>}</Descriptions.Item>
            {status.enabled && <Descriptions.Item label="开启时间">{formatDateTime(status.enabledAt)}</Descriptions.Item>}
            {status.enabled && <Descriptions.Item label="剩余恢复码">{status.recoveryCodesLeft} 个</Descriptions.Item>}
            {status.enabled && status.trustedDeviceDays > 0 && <Descriptions.Item label="受信任设备">{status.trustedDevices} 台</Descriptions.Item>}
          </Descriptions>
          <Space wrap style={{ marginTop: 12 }}>
            {status.enabled ? (
              <>
                <Button onClick={() => setDialog('regenerate')}>重新生成恢复码</Button>
                {status.trustedDevices > 0 && (
                  <Popconfirm title="取消后，所有设备登录都需要输入动态验证码" okText="取消受信任设备" cancelText="不了" onConfirm={forget}>
                    <Button>取消受信任设备</Button>
                  </Popconfirm>
                )}
                <Button danger onClick={() => setDialog('disable')}>关闭两步验证</Button>
              </>
            ) : (
              <Button type="primary" onClick={() => setDialog('enrol')}>开启两步验证</Button>
            )}
          </Space>
        </>
      )}
      <EnrolModal open={dialog === 'enrol'} onClose={() => setDialog(null)} onEnrolled={(recoveryCodes) => {
        message.success('两步验证已开启');
        showCodes(recoveryCodes);
      }} />
      <CodeModal
        open={dialog === 'regenerate'}
        title="重新生成恢复码"
        okText="生成"
        onClose={() => setDialog(null)}
        onSubmit={async ({ code }) => showCodes((await regenerateRecoveryCodes(code)).recoveryCodes)}
      />
      <CodeModal
        open={dialog === 'disable'}
        title="关闭两步验证"
        okText="关闭"
        withPassword
        onClose={() => setDialog(null)}
        onSubmit={async ({ code, password }) => {
          await disableTwoFactor(password!, code);
          message.success('两步验证已关闭');
          setDialog(null);
          await refresh();
        }}
      />
      <RecoveryCodesModal codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}
