import { Form, Input, InputNumber, Radio } from 'antd';
import { RECORD_STATUS_LABELS as STATUS_LABELS } from '@dandelion/shared';
import { APP_PATH_MESSAGE, appBody } from '@dandelion/shared/system/app';
import { FormPage, requiredRule, rulesOf } from '../../../components/form';
import { appApi, type AppDetail, type AppValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/app.ts). */
const rules = rulesOf(appBody);
const toBody = (values: AppValues): AppValues => ({ ...values, path: values.path?.trim() || '/', remark: values.remark?.trim() ? values.remark : null });

/** /system/app/appAdd|appUpd?id=|appDetail?id=: the shared application form. */
export default function AppFormPage() {
  const [form] = Form.useForm<AppValues>();
  return (
    <FormPage<AppValues, AppDetail>
      entityName="应用"
      form={form}
      load={(id, signal) => appApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0, path: '/' }}
      save={(values, { mode, id, record }) => (mode === 'add' ? appApi.add(toBody(values)) : appApi.update(id!, record!.lockVersion, toBody(values)))}
    >
      <Form.Item name="appCode" label="应用编码" rules={rules.appCode}>
        <Input placeholder="请输入应用编码" />
      </Form.Item>
      <Form.Item name="appName" label="应用名称" rules={rules.appName}>
        <Input placeholder="请输入应用名称" />
      </Form.Item>
      <Form.Item name="visitUrl" label="访问地址" rules={rules.visitUrl}>
        <Input placeholder="https://… 或 /path" />
      </Form.Item>
      {/* Left blank, the path is / (the save sends it so). */}
      <Form.Item name="path" label="应用路径" rules={[{ pattern: /^\/\S*$/, message: APP_PATH_MESSAGE }]}>
        <Input placeholder="/" />
      </Form.Item>
      <Form.Item name="status" label="状态" rules={[requiredRule('请选择状态'), ...rules.status]}>
        <Radio.Group options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[requiredRule('请输入排序'), ...rules.sort]}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}
