import { Form, Input, InputNumber, Radio } from 'antd';
import { FormPage, requiredRule } from '../../../components/form';
import { fetchLayout, saveLayout, type LayoutRecord, type LayoutValues } from './api';

/** /system/layout/layoutAdd|layoutUpd|layoutDetail. Only cms-layout and top-layout can be drawn by the console. */
export default function LayoutFormPage() {
  const [form] = Form.useForm<LayoutValues>();
  return (
    <FormPage<LayoutValues, LayoutRecord> entityName="布局" form={form} load={fetchLayout} initialValues={{ status: 'NORMAL', sort: 0 }} save={(values, { record }) => saveLayout(values, record)}>
      <Form.Item name="layoutName" label="布局名称" rules={[requiredRule('请输入布局名称')]}><Input maxLength={64} /></Form.Item>
      <Form.Item name="layoutUiName" label="布局标识" rules={[requiredRule('请输入布局标识'), { pattern: /^[a-z][a-z0-9-]*$/, message: '布局标识只能由小写字母、数字和连字符组成，如 cms-layout' }]} extra="控制台能渲染的布局：cms-layout（侧边菜单）、top-layout（顶部菜单）">
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="componentPath" label="组件路径"><Input maxLength={256} /></Form.Item>
      <Form.Item name="thumbnail" label="缩略图地址"><Input maxLength={512} /></Form.Item>
      <Form.Item name="status" label="状态"><Radio.Group options={[{ value: 'NORMAL', label: '启用' }, { value: 'DISABLED', label: '停用' }]} /></Form.Item>
      <Form.Item name="sort" label="排序"><InputNumber min={0} max={99999} precision={0} /></Form.Item>
      <Form.Item name="remark" label="备注"><Input.TextArea maxLength={512} /></Form.Item>
    </FormPage>
  );
}
