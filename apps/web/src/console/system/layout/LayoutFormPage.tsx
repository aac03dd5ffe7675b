import { Form, Input, InputNumber, Radio } from 'antd';
import { layoutBody } from '@dandelion/shared/system/layout';
import { FormPage, rulesOf } from '../../../components/form';
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
      <Form.Item name="status" label="状态" rules={rules.status}><Radio.Group options={[{ value: 'NORMAL', label: '启用' }, { value: 'DISABLED', label: '停用' }]} /></Form.Item>
      <Form.Item name="sort" label="排序" rules={rules.sort}><InputNumber min={0} max={99999} precision={0} /></Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}><Input.TextArea maxLength={512} /></Form.Item>
    </FormPage>
  );
}
