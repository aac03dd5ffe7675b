import { Form, Input, InputNumber, Radio } from 'antd';
import { FormPage, requiredRule } from '../../../components/form';
import { addPost, CODE_PATTERN, fetchPost, STATUS_LABELS, updatePost, type Post, type PostValues } from './api';

const toBody = (values: PostValues): PostValues => ({ ...values, remark: values.remark?.trim() ? values.remark : null });

/** /system/post/postAdd|postUpd?id=|postDetail?id=: the shared post form. */
export default function PostFormPage() {
  const [form] = Form.useForm<PostValues>();
  return (
    <FormPage<PostValues, Post>
      entityName="岗位"
      form={form}
      load={(id, signal) => fetchPost(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0 }}
      save={(values, { mode, id, record }) => (mode === 'add' ? addPost(toBody(values)) : updatePost(id!, record!.lockVersion, toBody(values)))}
    >
      <Form.Item
        name="postCode"
        label="岗位编码"
        rules={[requiredRule('请输入岗位编码'), { max: 64, message: '岗位编码不能超过64个字符' }, { pattern: CODE_PATTERN, message: '岗位编码只能包含字母、数字和下划线' }]}
      >
        <Input placeholder="请输入岗位编码" />
      </Form.Item>
      <Form.Item name="postName" label="岗位名称" rules={[requiredRule('请输入岗位名称'), { max: 64, message: '岗位名称不能超过64个字符' }]}>
        <Input placeholder="请输入岗位名称" />
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
