import { useState, type ReactNode } from 'react';
import { App, Button, Card, Popconfirm, Result, Skeleton, Tag } from 'antd';
import { DesktopOutlined, LogoutOutlined, MobileOutlined, QuestionOutlined, TabletOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { formatDateTime } from '../../../lib/date';
import { centerKeys, revokeMySession, revokeOtherSessions, useMySessions, type MySession } from '../api';
import { describeDevice, loginTypeLabel, parseUserAgent, type DeviceKind } from '../device';

const KIND_ICONS: Record<DeviceKind, ReactNode> = {
  desktop: <DesktopOutlined />,
  mobile: <MobileOutlined />,
  tablet: <TabletOutlined />,
  unknown: <QuestionOutlined />,
};

/** 登录设备: where the account is signed in right now; any other device can be signed out from here. */
export function SessionsCard() {
  const { data, isPending, isError, error, refetch } = useMySessions();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revokingOthers, setRevokingOthers] = useState(false);
  const sessions = data ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const refresh = () => queryClient.invalidateQueries({ queryKey: centerKeys.sessions() });

  const revokeOne = async (session: MySession) => {
    setRevoking(session.sessionId);
    try {
      await revokeMySession(session.sessionId);
      message.success('该设备已下线');
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setRevoking(null);
      await refresh();
    }
  };

  const revokeOthers = async () => {
    setRevokingOthers(true);
    try {
      const { count } = await revokeOtherSessions();
      message.success(count > 0 ? `已退出其他 ${count} 个登录设备` : '没有其他登录设备');
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setRevokingOthers(false);
      await refresh();
    }
  };

  return (
    <Card
      title="登录设备"
      data-testid="center-sessions"
      extra={
        <Popconfirm
          title="退出其他设备"
          description="其他设备上的登录将立即失效，需要重新登录。确定继续吗？"
          okText="确定"
          cancelText="取消"
          onConfirm={revokeOthers}
          disabled={others === 0}
        >
          <BusyButton danger icon={<LogoutOutlined />} busy={revokingOthers} disabled={others === 0} data-testid="center-revoke-others">
            退出其他设备
          </BusyButton>
        </Popconfirm>
      }
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError ? (
        <Result status="warning" subTitle={errorMessage(error)} extra={<Button onClick={() => void refetch()}>重试</Button>} />
      ) : (
        <ul className="dl-account-devices">
          {sessions.length === 0 ? <li className="dl-account-devices__empty">没有登录中的设备</li> : null}
          {sessions.map((s) => (
            <li key={s.sessionId} className="dl-account-device" data-testid="center-session">
              <span className="dl-account-device__icon">{KIND_ICONS[parseUserAgent(s.userAgent).kind]}</span>
              <div className="dl-account-device__body">
                <div className="dl-account-device__title">
                  {describeDevice(s.userAgent)}
                  {s.current ? <Tag color="success">当前设备</Tag> : null}
                </div>
                <div className="dl-account-device__meta">
                  <span>IP：{s.ip || '—'}</span>
                  <span>方式：{loginTypeLabel(s.loginType)}</span>
                  <span>登录于 {formatDateTime(s.createTime)}</span>
                  <span>最近活跃 {formatDateTime(s.lastSeenAt)}</span>
                </div>
              </div>
              {s.current ? null : (
                <Popconfirm
                  title="下线该设备"
                  description="该设备上的登录将立即失效。确定下线吗？"
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => revokeOne(s)}
                >
                  <BusyButton type="link" danger busy={revoking === s.sessionId} className="dl-account-device__action">
                    下线
                  </BusyButton>
                </Popconfirm>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
