import { Form, Input } from 'antd';
import { LAYOUT_PERMISSIONS, layoutBody } from '@dandelion/shared/system/layout';
import { FormPage, RemarkField, rulesOf, SortField, StatusField } from '../../../components/form';
import { layoutApi, type LayoutRecord, type LayoutValues } from './api';
import { auditItems, multilineOf, statusTag, textOf } from '../../../components/detail';

/** The same rules and messages the server applies (packages/shared/src/system/layout.ts). */
const rules = rulesOf(layoutBody);

/** /system/layout/layoutAdd|layoutUpd|layoutDetail. Only cms-layout and top-layout can be drawn by the console. */
export default function LayoutFormPage() {
  const [form] = Form.useForm<LayoutValues>();
  return (
    <FormPage<LayoutValues, LayoutRecord>
      entityName="布局"
      detail={{
        editPermission: LAYOUT_PERMISSIONS.upd,
        items: (l) => [
          { label: '布局名称', value: l.layoutName },
          { label: '布局标识', value: l.layoutUiName },
          { label: '组件路径', value: textOf(l.componentPath) },
          { label: '缩略图地址', value: l.thumbnail ? <a href={l.thumbnail} target="_blank" rel="noreferrer">{l.thumbnail}</a> : null },
          { label: '状态', value: statusTag(l.status) },
          { label: '排序', value: l.sort },
          { label: '备注', value: multilineOf(l.remark), span: 'filled' },
          ...auditItems(l),
        ],
      }}
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
