import { useQuery } from '@tanstack/react-query';
import { Form, InputNumber } from 'antd';
import { objectionSettingBody } from '@dandelion/shared/award/objection';
import { FormModal, rulesOf } from '../../../components/form';
import { objectionApi, type ObjectionSetting } from './api';

const rules = rulesOf(objectionSettingBody);

/** 处理期限设置: working days from receipt to the handling deadline; objections already received keep theirs. */
export function ObjectionSettingModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ObjectionSetting>();
  const setting = useQuery({ queryKey: ['award-objection', 'setting'], queryFn: ({ signal }) => objectionApi.settings(signal), enabled: open });
  return (
    <FormModal<ObjectionSetting, ObjectionSetting>
      open={open && !!setting.data}
      name="objectionSetting"
      title="异议处理期限设置"
      form={form}
      initialValues={setting.data ?? {}}
      save={(values) => objectionApi.saveSettings({ handlingWorkingDays: values.handlingWorkingDays, lockVersion: setting.data!.lockVersion })}
      onSaved={() => {
        void setting.refetch();
        onClose();
      }}
      onClose={onClose}
    >
      <Form.Item name="handlingWorkingDays" label="处理期限" rules={rules.handlingWorkingDays} extra="自收到异议之日起按节假日日历计算；只影响此后收到的异议。到期前 2 个工作日和逾期后每天提醒处理人。">
        <InputNumber precision={0} suffix="个工作日" style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
