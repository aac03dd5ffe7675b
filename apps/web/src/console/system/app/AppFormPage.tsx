import { Form, Input } from 'antd';
import { APP_PATH_MESSAGE, APP_PERMISSIONS, appBody } from '@dandelion/shared/system/app';
import { FormPage, RemarkField, rulesOf, SortField, StatusField } from '../../../components/form';
import { appApi, type AppDetail, type AppValues } from './api';
import { auditItems, multilineOf, statusTag, textOf } from '../../../components/detail';

/** The same rules and messages the server applies (packages/shared/src/system/app.ts). */
const rules = rulesOf(appBody);
const toBody = (values: AppValues): AppValues => ({ ...values, path: values.path?.trim() || '/', remark: values.remark?.trim() ? values.remark : null });

/** /system/app/appAdd|appUpd?id=|appDetail?id=: the shared application form. */
export default function AppFormPage() {
  const [form] = Form.useForm<AppValues>();
  return (
    <FormPage<AppValues, AppDetail>
      entityName="应用"
      detail={{
        editPermission: APP_PERMISSIONS.upd,
        items: (a) => [
          { label: '应用编码', value: a.appCode },
          { label: '应用名称', value: a.appName },
          { label: '访问地址', value: textOf(a.visitUrl) },
          { label: '应用路径', value: textOf(a.path) },
          { label: '状态', value: statusTag(a.status) },
          { label: '排序', value: a.sort },
          { label: '备注', value: multilineOf(a.remark), span: 'filled' },
          ...auditItems(a),
        ],
      }}
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
      <StatusField rules={rules.status} required />
      <SortField rules={rules.sort} required />
      <RemarkField rules={rules.remark} />
    </FormPage>
  );
}
