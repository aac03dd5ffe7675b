import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_NUMBER_REQUIRED_MESSAGE, myBankBody } from '@dandelion/shared/award/bank';
import { errorMessage } from '../../../api/http';
import { rulesOf } from '../../../components/form';
import { LoadError } from '../../../components/LoadError';
import { bankApi, MY_BANK_QUERY_KEY, type MyBankValues } from './api';

const rules = rulesOf(myBankBody);
type FormValues = Omit<MyBankValues, 'lockVersion'>;

/**
 * /award/myBank (我的收款账户): the signed-in user's own review-fee account. The stored number is only
 * ever shown masked; the owner types the whole number to change it, and leaving it empty keeps it.
 */
export default function MyBankPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mine = useQuery({ queryKey: MY_BANK_QUERY_KEY, queryFn: ({ signal }) => bankApi.mine(signal) });
  const account = mine.data ?? null;

  useEffect(() => {
    if (mine.isSuccess) form.setFieldsValue({ accountName: account?.accountName ?? '', bankName: account?.bankName ?? '', branchName: account?.branchName ?? '', accountNumber: '', remark: account?.remark ?? '' });
  }, [mine.isSuccess, account, form]);

  const submit = async (values: FormValues) => {
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await bankApi.saveMine({ ...values, lockVersion: account?.lockVersion ?? null });
      queryClient.setQueryData(MY_BANK_QUERY_KEY, saved);
      message.success('保存成功');
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  if (mine.error) return <Card title="我的收款账户"><LoadError message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} /></Card>;
  if (mine.isPending) return <Card title="我的收款账户"><Spin /></Card>;

  return (
    <Card title="我的收款账户">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16, maxWidth: 640 }}
        title="评审费将汇入此账户，请确保户名与银行账号一致。银行账号加密保存，页面只显示首尾四位；更换账号时请输入完整的新账号，留空则保持不变。"
      />
      <Form form={form} layout="vertical" name="my_bank_account" style={{ maxWidth: 640 }} onFinish={(v) => void submit(v)}>
        <Form.Item name="accountName" label="户名" rules={rules.accountName}>
          <Input maxLength={100} placeholder="与银行开户名一致" />
        </Form.Item>
        <Form.Item name="bankName" label="开户银行" rules={rules.bankName}>
          <Input maxLength={100} placeholder="如：中国工商银行" />
        </Form.Item>
        <Form.Item name="branchName" label="开户支行" rules={rules.branchName}>
          <Input maxLength={100} placeholder="如：杭州西湖支行" />
        </Form.Item>
        <Form.Item
          name="accountNumber"
          label="银行账号"
          extra={account ? `当前账号：${account.accountNumberMasked}` : undefined}
          rules={[...(account ? [] : [{ required: true, message: ACCOUNT_NUMBER_REQUIRED_MESSAGE }]), ...rules.accountNumber]}
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={40} placeholder={account ? '不更换请留空' : '12至30位数字，可带空格'} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input.TextArea rows={3} maxLength={512} />
        </Form.Item>
        {refusal && (
          <Alert
            type="error"
            showIcon
            title={refusal}
            style={{ marginBottom: 16 }}
            action={<Button size="small" onClick={() => void mine.refetch().then(() => setRefusal(null))}>刷新</Button>}
          />
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
