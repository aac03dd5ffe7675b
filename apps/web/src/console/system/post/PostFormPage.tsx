import { Form, Input, InputNumber, Radio } from 'antd';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { postBody } from '@dandelion/shared/system/post';
import { FormPage, rulesOf } from '../../../components/form';
import { postApi, type Post, type PostValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/post.ts). */
const rules = rulesOf(postBody);
const STATUS_OPTIONS = Object.entries(RECORD_STATUS_LABELS).map(([value, label]) => ({ value, label }));

/** /system/post/postAdd|postUpd?id=|postDetail?id=: the shared post form. */
export default function PostFormPage() {
  const [form] = Form.useForm<PostValues>();
  return (
    <FormPage<PostValues, Post>
      entityName="岗位"
      form={form}
      load={(id, signal) => postApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0 }}
      save={(values, { mode, id, record }) => (mode === 'add' ? postApi.add(values) : postApi.update(id!, record!.lockVersion, values))}
    >
      <Form.Item name="postCode" label="岗位编码" rules={rules.postCode}>
        <Input placeholder="请输入岗位编码" />
      </Form.Item>
      <Form.Item name="postName" label="岗位名称" rules={rules.postName}>
        <Input placeholder="请输入岗位名称" />
      </Form.Item>
      <Form.Item name="status" label="状态" rules={rules.status}>
        <Radio.Group options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={rules.sort}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}
