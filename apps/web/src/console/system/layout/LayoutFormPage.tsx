import { Form, Input } from 'antd';
import { layoutBody } from '@dandelion/shared/system/layout';
import { FormPage, RemarkField, rulesOf, SortField, StatusField } from '../../../components/form';
import { layoutApi, type LayoutRecord, type LayoutValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/layout.ts). */
const rules = rulesOf(layoutBody);

/** /system/layout/layoutAdd|layoutUpd|layoutDetail. Only cms-layout and top-layout can be drawn by the console. */
export default function LayoutFormPage() {
  const [form] = Form.useForm<LayoutValues>();
  return (
    <FormPage<LayoutValues, LayoutRecord>
      entityName="布局"
      form={form}
      load={(id, signal) => layoutApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0 }}
      save={(values, { mode, id, record }) => (mode === 'add' ? layoutApi.add(values) : layoutApi.update(id!, record!.lockVersion, values))}
    >
      <Form.Item name="layoutName" label="布局名称" rules={rules.layoutName}><Input maxLength={64} /></Form.Item>
      <Form.Item name="layoutUiName" label="布局标识" rules={rules.layoutUiName} extra="控制台能渲染的布局：cms-layout（侧边菜单）、top-layout（顶部菜单）">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="componentPath" label="组件路径" rules={rules.componentPath}><Input maxLength={256} /></Form.Item>
      <Form.Item name="thumbnail" label="缩略图地址" rules={rules.thumbnail}><Input maxLength={512} /></Form.Item>
      <StatusField rules={rules.status} />
      <SortField rules={rules.sort} />
      <RemarkField rules={rules.remark} />
    </FormPage>
  );
}
