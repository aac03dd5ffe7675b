import { Form, Input, InputNumber, Radio } from 'antd';
import { FormPage, requiredRule } from '../../../components/form';
const CODE_PATTERN = /^[A-Za-z0-9_]+$/;
import { addApp, APP_PATH_MESSAGE, fetchApp, isVisitUrl, STATUS_LABELS, updateApp, VISIT_URL_MESSAGE, type AppRecord, type AppValues } from './api';

const toBody = (values: AppValues): AppValues => ({ ...values, path: values.path?.trim() || '/', remark: values.remark?.trim() ? values.remark : null });

/** /system/app/appAdd|appUpd?id=|appDetail?id=: the shared application form. */
export default function AppFormPage() {
  const [form] = Form.useForm<AppValues>();
  return (
    <FormPage<AppValues, AppRecord>
      entityName="应用"
      form={form}
      load={(id, signal) => fetchApp(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0, path: '/' }}
      save={(values, { mode, id, record }) => (mode === 'add' ? addApp(toBody(values)) : updateApp(id!, record!.lockVersion, toBody(values)))}
    >
      <Form.Item
        name="appCode"
        label="应用编码"
        rules={[requiredRule('请输入应用编码'), { max: 64, message: '应用编码不能超过64个字符' }, { pattern: CODE_PATTERN, message: '应用编码只能包含字母、数字和下划线' }]}
      >
        <Input placeholder="请输入应用编码" />
      </Form.Item>
      <Form.Item name="appName" label="应用名称" rules={[requiredRule('请输入应用名称'), { max: 64, message: '应用名称不能超过64个字符' }]}>
        <Input placeholder="请输入应用名称" />
      </Form.Item>
      <Form.Item
        name="visitUrl"
        label="访问地址"
        rules={[
          requiredRule('请输入访问地址'),
          { max: 512, message: '访问地址不能超过512个字符' },
          { validator: (_, v?: string) => (!v?.trim() || isVisitUrl(v.trim()) ? Promise.resolve() : Promise.reject(new Error(VISIT_URL_MESSAGE))) },
        ]}
      >
        <Input placeholder="https://… 或 /path" />
      </Form.Item>
      <Form.Item name="path" label="应用路径" rules={[{ pattern: /^\/\S*$/, message: APP_PATH_MESSAGE }]}>
        <Input placeholder="/" />
      </Form.Item>
      <Form.Item name="status" label="状态" rules={[requiredRule('请选择状态')]}>
        <Radio.Group options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[requiredRule('请输入排序')]}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 512, message: '备注不能超过512个字符' }]}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}
