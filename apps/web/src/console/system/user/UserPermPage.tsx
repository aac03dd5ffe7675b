import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Button, Card, Checkbox, Empty, Space, Spin, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { useFormMode } from '../../../components/form';
import { bindRoles, fetchBoundRoles, fetchUser } from './api';

const ROLE_TYPE_LABELS: Readonly<Record<string, string>> = { SYS: '系统', CENTER: '中心', CLIENT: '客户端' };

/** /system/user/userPerm?id=: the roles a user holds, ticked; saving replaces them all. */
export default function UserPermPage() {
  const { id } = useFormMode('upd');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  // Until the user ticks something, the roles held are what is ticked.
  const [picked, setChecked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const user = useQuery({ queryKey: ['user-perm-user', id], queryFn: ({ signal }) => fetchUser(id!, signal), enabled: !!id, gcTime: 0 });
  const roles = useQuery({ queryKey: ['user-bound-roles', id], queryFn: ({ signal }) => fetchBoundRoles(id!, signal), enabled: !!id, gcTime: 0 });

  const checked = picked ?? (roles.data ?? []).filter((r) => r.bound).map((r) => r.roleId);

  const save = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      await bindRoles(id!, checked);
      await queryClient.invalidateQueries({ queryKey: ['paged-table'] });
      message.success('角色分配成功');
      navigate(-1);
    } catch (error) {
      setSaveError(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const loadError = !id ? '缺少用户编号，无法分配角色' : roles.error || user.error ? errorMessage(roles.error ?? user.error) : null;
  const who = user.data ? `${user.data.realname ?? ''}（${user.data.username}）` : '';

  return (
    <Card title={`分配角色${who ? `：${who}` : ''}`}>
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} />}
      <Spin spinning={!!id && roles.isPending}>
        {roles.data && roles.data.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有角色，可在“角色管理”中新增。" />}
        <Checkbox.Group value={checked} onChange={(values) => setChecked(values as string[])} style={{ display: 'block' }}>
          <Space orientation="vertical">
            {(roles.data ?? []).map((r) => (
              <Checkbox key={r.roleId} value={r.roleId} disabled={r.status !== 'NORMAL' && !r.bound}>
                {r.roleName} <Tag>{r.roleCode}</Tag>
                <Tag color="blue">{ROLE_TYPE_LABELS[r.roleType] ?? r.roleType}</Tag>
                {r.status !== 'NORMAL' && <Tag color="default">已停用</Tag>}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      </Spin>
      {saveError && <Alert type="error" showIcon title={saveError} style={{ marginTop: 16 }} />}
      <Space style={{ marginTop: 24 }}>
        <BusyButton type="primary" busy={saving} disabled={!roles.data} onClick={() => void save()}>
          保存
        </BusyButton>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </Space>
    </Card>
  );
}
