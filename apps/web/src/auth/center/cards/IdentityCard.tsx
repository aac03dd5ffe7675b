import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Result, Select, Skeleton, Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { rules, toFormRule } from '@dandelion/shared';
import { accountKeys, verifyIdentity, type IdType } from '../../../api/auth';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/date';
import { centerKeys, useIdentity } from '../api';
import { BusyButton } from '../../../components/BusyButton';

const ID_TYPES: { value: IdType; label: string }[] = [
  { value: 'ID_CARD', label: '居民身份证' },
  { value: 'PASSPORT', label: '护照' },
];
const idTypeLabel = (type: string | null | undefined) => ID_TYPES.find((t) => t.value === type)?.label ?? '—';

interface VerifyValues {
  realname: string;
  idType: IdType;
  idNumber: string;
}

function VerifyForm({ defaultName }: { defaultName: string }) {
  const [form] = Form.useForm<VerifyValues>();
  const [submitting, setSubmitting] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const onFinish = async (values: VerifyValues) => {
    setSubmitting(true);
    try {
      await verifyIdentity({
        realname: values.realname.trim(),
        idType: values.idType,
        idNumber: values.idNumber.trim().toUpperCase(),
      });
      message.success('实名认证成功');
      // The profile shows the verified state (the real name is locked from now on) and the verified name.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.identity() }),
        queryClient.invalidateQueries({ queryKey: centerKeys.profile() }),
      ]);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<VerifyValues>
      form={form}
      name="identify"
      layout="vertical"
      onFinish={onFinish}
      initialValues={{ realname: defaultName, idType: 'ID_CARD' }}
    >
      <Form.Item label="真实姓名" name="realname" rules={[{ required: true, whitespace: true, message: '请输入真实姓名' }]}>
        <Input placeholder="与证件上的姓名一致" maxLength={64} autoComplete="name" />
      </Form.Item>
      <Form.Item label="证件类型" name="idType" rules={[{ required: true, message: '请选择证件类型' }]}>
        <Select options={ID_TYPES} />
      </Form.Item>
      <Form.Item
        label="证件号码"
        name="idNumber"
        rules={[{ required: true, whitespace: true, message: '请输入证件号码' }, toFormRule(rules.idNumberStrict)]}
      >
        <Input placeholder="18位身份证号或护照号" maxLength={18} autoComplete="off" />
      </Form.Item>
      <BusyButton type="primary" htmlType="submit" busy={submitting}>
        提交认证
      </BusyButton>
    </Form>
  );
}

/** 实名认证: the verified identity (masked), or the form to verify. */
export function IdentityCard({ defaultName }: { defaultName: string }) {
  const { data, isPending, isError, error, refetch } = useIdentity();
  const verified = data?.identityVerified === true;
  return (
    <Card
      title="实名认证"
      extra={data ? verified ? <Tag color="success">已认证</Tag> : <Tag color="warning">未认证</Tag> : null}
    >
      {isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : isError ? (
        <Result
          status="warning"
          subTitle={errorMessage(error)}
          extra={<Button onClick={() => void refetch()}>重试</Button>}
        />
      ) : verified ? (
        <>
          <p className="dl-center-verified">
            <CheckCircleFilled /> 您已完成实名认证
          </p>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="真实姓名">{data.realname || '—'}</Descriptions.Item>
            <Descriptions.Item label="证件类型">{idTypeLabel(data.idType)}</Descriptions.Item>
            <Descriptions.Item label="证件号码">{data.idNumberMasked || '—'}</Descriptions.Item>
            <Descriptions.Item label="认证时间">{formatDateTime(data.verifiedAt) || '—'}</Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <VerifyForm defaultName={defaultName} />
      )}
    </Card>
  );
}
