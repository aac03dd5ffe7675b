import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { createUserBody, USER_PERMISSIONS, USER_STATUS_LABELS, userFields } from '@dandelion/shared/system/user';
import { USER_SEX_LABELS, type UserSex } from '@dandelion/shared/auth/accountCenter';
import { auditItems, dateOf, dictTag, labelTag, multilineOf, tagsOf, textOf } from '../../../components/detail';
import { DictSelect } from '../../../components/DictSelect';
import { OrgTreeSelect } from '../../../components/OrgTreeSelect';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, requiredRule, rulesOf, siblingPath, useFormMode } from '../../../components/form';
import { createUser, fetchPostOptions, fetchRoleOptions, fetchUser, generateUserId, updateUser, type UserCreate, type UserDetail } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/user.ts). */
const rules = rulesOf(createUserBody);

/** The user fields no two users may share (spec §5), checked while typing; `id` is the edited user's. */
type UniqueField = 'username' | 'phone' | 'email' | 'empCode';
const uniqueRules = (field: UniqueField, id: string | null) => [
  ...rules[field],
  duplicateRule({ tableName: 'user', fieldName: field, dataId: id, schema: userFields[field] }),
];

/** 男, 女, 保密: the wording 个人中心 uses too. */
const SEX_OPTIONS = ([1, 2, 0] as const).map((value) => ({ value: String(value), label: USER_SEX_LABELS[value] }));

/** The form holds dates as dayjs values; the server takes YYYY-MM-DD. */
interface FormValues {
  username: string;
  realname: string;
  nickName?: string | null;
  phone?: string | null;
  email?: string | null;
  orgId?: string | null;
  userSex: string;
  empCode?: string | null;
  inDate?: Dayjs | null;
  outDate?: Dayjs | null;
  empStatus: UserCreate['empStatus'];
  enableUser: number;
  sort: number;
  remark?: string | null;
  roleIds: string[];
  postIds: string[];
  password?: string;
}

const valuesOf = (u: UserDetail): Partial<FormValues> => ({
  username: u.username,
  realname: u.realname ?? '',
  nickName: u.nickName,
  phone: u.phone,
  email: u.email,
  orgId: u.orgId,
  empCode: u.empCode,
  empStatus: u.empStatus as UserCreate['empStatus'],
  enableUser: u.enableUser,
  sort: u.sort,
  remark: u.remark,
  roleIds: u.roleIds,
  postIds: u.postIds,
  userSex: String(u.userSex),
  inDate: u.inDate ? dayjs(u.inDate) : null,
  outDate: u.outDate ? dayjs(u.outDate) : null,
});

const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

/** /system/user/userAdd | userUpd?id= | userDetail?id=: the one user form, employee fields included (spec §3 emp). */
export default function UserFormPage() {
  const [form] = Form.useForm<FormValues>();
  const { mode, id } = useFormMode();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const roles = useQuery({ queryKey: ['user-role-options'], queryFn: ({ signal }) => fetchRoleOptions(signal), staleTime: 60_000 });
  const posts = useQuery({ queryKey: ['user-post-options'], queryFn: ({ signal }) => fetchPostOptions(signal), staleTime: 60_000 });
  // The organisation picker shows the loaded record's name before its branch of the tree is opened.
  const [orgLabels, setOrgLabels] = useState<Record<string, string>>();
  const toValues = (u: UserDetail) => {
    if (u.orgId && u.orgName) setOrgLabels({ [u.orgId]: u.orgName });
    return valuesOf(u);
  };

  const suggest = async () => {
    const ids = await generateUserId();
    form.setFieldsValue({ username: ids.username, empCode: form.getFieldValue('empCode') || ids.empCode });
  };

  return (
    <FormPage<FormValues, UserDetail>
      entityName="用户"
      detail={{
        editPermission: USER_PERMISSIONS.upd,
        items: (u) => [
          { label: '用户名', value: u.username },
          { label: '员工编号', value: textOf(u.empCode) },
          { label: '姓名', value: textOf(u.realname) },
          { label: '昵称', value: textOf(u.nickName) },
          { label: '性别', value: USER_SEX_LABELS[u.userSex as UserSex] ?? String(u.userSex) },
          { label: '手机号', value: textOf(u.phone) },
          { label: '邮箱', value: textOf(u.email) },
          { label: '所属机构', value: textOf(u.orgName) },
          { label: '入职日期', value: dateOf(u.inDate) },
          { label: '离职日期', value: dateOf(u.outDate) },
          { label: '人员状态', value: dictTag('EMP_STATUS', u.empStatus) },
          { label: '是否启用', value: labelTag({ 1: '启用', 0: '停用' }, u.enableUser, { 1: 'success' }) },
          { label: '账号状态', value: labelTag(USER_STATUS_LABELS, u.status, { NORMAL: 'success', FROZEN: 'error' }) },
          { label: '排序', value: u.sort },
          { label: '角色', value: tagsOf(u.roles.map((r) => r.roleName)) },
          { label: '岗位', value: tagsOf(u.postIds.map((id) => posts.data?.find((p) => p.postId === id)?.postName ?? `#${id}`)) },
          { label: '备注', value: multilineOf(u.remark), span: 'filled' },
          ...auditItems(u),
        ],
      }}
      form={form}
      load={(id, signal) => fetchUser(id, signal)}
      toValues={toValues}
      initialValues={{ userSex: '0', empStatus: 'NORMAL', enableUser: 1, sort: 0, roleIds: [], postIds: [] }}
      save={async (values, { mode: saveMode, id, record: loaded }) => {
        const { password, ...fields } = values;
        const body = {
          ...fields,
          nickName: blank(values.nickName),
          phone: blank(values.phone),
          email: blank(values.email),
          empCode: blank(values.empCode),
          remark: blank(values.remark),
          userSex: Number(values.userSex),
          inDate: values.inDate ? values.inDate.format('YYYY-MM-DD') : null,
          outDate: values.outDate ? values.outDate.format('YYYY-MM-DD') : null,
        };
        return saveMode === 'add'
          ? createUser({ ...body, id: 0, password: password || undefined })
          : updateUser({ ...body, id: id!, lockVersion: loaded!.lockVersion });
      }}
      onSaved={(result) => {
        const back = () => navigate(siblingPath(pathname, 'userList'));
        const generated = (result as { generatedPassword?: string | null }).generatedPassword;
        if (!generated) {
          message.success('保存成功');
          back();
          return;
        }
        Modal.success({
          title: '用户已创建',
          content: (
            <div>
              初始密码（只显示这一次，请妥善转交）：<Typography.Text copyable strong>{generated}</Typography.Text>
            </div>
          ),
          onOk: back,
        });
      }}
    >
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item label="用户名" required>
            <Row gutter={8} wrap={false}>
              <Col flex="auto">
                <Form.Item name="username" noStyle rules={uniqueRules('username', id)} validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}>
                  <Input placeholder="4 到 32 位字母、数字或下划线" aria-label="用户名" disabled={mode !== 'add'} />
                </Form.Item>
              </Col>
              {mode === 'add' && (
                <Col flex="none">
                  <Button onClick={() => void suggest()}>生成</Button>
                </Col>
              )}
            </Row>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="realname" label="姓名" rules={rules.realname}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="nickName" label="昵称" rules={rules.nickName}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="userSex" label="性别">
            <Select options={SEX_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label="手机号" rules={uniqueRules('phone', id)} validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="email" label="邮箱" rules={uniqueRules('email', id)} validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="orgId" label="所属机构" rules={rules.orgId}>
            <OrgTreeSelect labels={orgLabels} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="empCode" label="工号" rules={uniqueRules('empCode', id)} validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="inDate" label="入职日期">
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="outDate"
            label="离职日期"
            dependencies={['inDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: Dayjs | null | undefined) => {
                  const inDate = getFieldValue('inDate') as Dayjs | null | undefined;
                  return value && inDate && value.isBefore(inDate, 'day') ? Promise.reject(new Error('离职日期不能早于入职日期')) : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="empStatus" label="人员状态" rules={[requiredRule('请选择人员状态'), ...rules.empStatus]}>
            <DictSelect category="EMP_STATUS" allowClear={false} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enableUser" label="是否启用">
            <Radio.Group options={[{ value: 1, label: '启用' }, { value: 0, label: '停用' }]} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="roleIds" label="角色">
            <Select mode="multiple" allowClear loading={roles.isPending} options={(roles.data ?? []).map((r) => ({ value: r.roleId, label: r.roleName }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="postIds" label="岗位">
            <Select mode="multiple" allowClear loading={posts.isPending} options={(posts.data ?? []).map((p) => ({ value: p.postId, label: p.postName }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sort" label="排序" rules={rules.sort}>
            <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {mode === 'add' && (
          <Col span={12}>
            <Form.Item name="password" label="初始密码" rules={rules.password} extra="留空则由系统生成强密码，保存后显示一次">
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Col>
      </Row>
    </FormPage>
  );
}
