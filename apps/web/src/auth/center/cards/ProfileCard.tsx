import { Suspense, lazy, useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Descriptions, Form, Input, Radio, Result, Skeleton, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PROFILE_REALNAME_MESSAGE, profileBody } from '@dandelion/shared/auth/accountCenter';
import { accountKeys } from '../../../api/auth';
import { errorMessage } from '../../../api/http';
import { useSessionStore } from '../../../api/session';
import { BusyButton } from '../../../components/BusyButton';
import { rulesOf } from '../../../components/form/zodRules';
import { formatDateTime } from '../../../lib/date';
import { SEX_OPTIONS, avatarSrc, centerKeys, saveProfile, sessionFieldsOf, useProfile, type AccountProfile, type UserSex } from '../api';

// The cropper (antd-img-crop, react-easy-crop) is the heaviest part of the page: it follows the form.
const AvatarUpload = lazy(() => import('./AvatarUpload').then((m) => ({ default: m.AvatarUpload })));


interface ProfileValues {
  realname: string;
  nickName: string;
  userSex: UserSex;
}

const valuesOf = (p: AccountProfile): ProfileValues => ({
  realname: p.realname ?? '',
  nickName: p.nickName ?? '',
  userSex: ([0, 1, 2] as const).find((s) => s === p.userSex) ?? 0,
});

/** 基本资料: avatar, real name, nick name and sex, plus the account facts the user cannot change. */
export function ProfileCard() {
  const { data: profile, isPending, isError, error, refetch } = useProfile();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const updateUser = useSessionStore((s) => s.updateUser);

  // The form follows the server's copy (first answer, and after a save elsewhere).
  useEffect(() => {
    if (profile) form.setFieldsValue(valuesOf(profile));
  }, [profile, form]);

  /** One place for a changed profile: the cached answer, the stored session user (header) and /api/user/info. */
  const apply = (next: AccountProfile) => {
    queryClient.setQueryData(centerKeys.profile(), next);
    updateUser(sessionFieldsOf(next));
    void queryClient.invalidateQueries({ queryKey: accountKeys.user() });
  };

  const onFinish = async (values: ProfileValues) => {
    setSaving(true);
    try {
      const nickName = values.nickName?.trim() ?? '';
      apply(await saveProfile({ realname: values.realname.trim(), nickName: nickName || null, userSex: values.userSex }));
      message.success('保存成功');
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  if (isPending) return <Card title="基本资料"><Skeleton active avatar paragraph={{ rows: 4 }} /></Card>;
  if (isError) {
    return (
      <Card title="基本资料">
        <Result status="warning" subTitle={errorMessage(error)} extra={<Button onClick={() => void refetch()}>重试</Button>} />
      </Card>
    );
  }

  return (
    <Card title="基本资料" data-testid="center-profile">
      <div className="dl-account-profile">
        <Suspense
          fallback={
            <div className="dl-account-avatar">
              <Avatar size={96} src={avatarSrc(profile.avatar)} icon={<UserOutlined />} alt="头像" />
            </div>
          }
        >
          <AvatarUpload avatar={profile.avatar} onUploaded={(avatar) => apply({ ...(queryClient.getQueryData<AccountProfile>(centerKeys.profile()) ?? profile), avatar })} />
        </Suspense>
        <Form<ProfileValues> form={form} name="profile" layout="vertical" className="dl-account-profile__form" initialValues={valuesOf(profile)} onFinish={onFinish}>
          <Form.Item
            label="真实姓名"
            name="realname"
            extra={profile.identityVerified ? '已完成实名认证，真实姓名不可修改' : undefined}
            rules={[
              { required: true, whitespace: true, message: '请输入真实姓名' },
              { min: 2, max: 32, message: PROFILE_REALNAME_MESSAGE, transform: (v: string) => v?.trim() },
            ]}
          >
            <Input maxLength={32} autoComplete="name" disabled={profile.identityVerified} placeholder="请输入真实姓名" />
          </Form.Item>
          <Form.Item label="昵称" name="nickName" rules={rulesOf(profileBody).nickName}>
            <Input maxLength={32} autoComplete="nickname" placeholder="选填" />
          </Form.Item>
          <Form.Item label="性别" name="userSex">
            <Radio.Group options={SEX_OPTIONS} />
          </Form.Item>
          <BusyButton type="primary" htmlType="submit" busy={saving} data-testid="center-profile-save">
            保存
          </BusyButton>
        </Form>
      </div>
      <Descriptions className="dl-account-facts" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} size="small">
        <Descriptions.Item label="用户名">{profile.username}</Descriptions.Item>
        {/* An applicant belongs to no organisation of the system's tree: their 所在单位 from registration stands in. */}
        {profile.orgName || !profile.unitName ? (
          <Descriptions.Item label="所属机构">{profile.orgName || '—'}</Descriptions.Item>
        ) : null}
        {profile.unitName ? <Descriptions.Item label="所在单位">{profile.unitName}</Descriptions.Item> : null}
        <Descriptions.Item label="角色">
          {profile.roles.length
            ? profile.roles.map((r) => (
                <Tag key={r.roleCode} color="blue">
                  {r.roleName || r.roleCode}
                </Tag>
              ))
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="注册时间">{formatDateTime(profile.createTime) || '—'}</Descriptions.Item>
        <Descriptions.Item label="上次登录">{formatDateTime(profile.lastLoginTime) || '首次登录'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
