import { Form, Input } from 'antd';
import { POST_PERMISSIONS, postBody } from '@dandelion/shared/system/post';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, RemarkField, SortField, StatusField, rulesOf, useFormMode } from '../../../components/form';
import { postApi, type Post, type PostValues } from './api';
import { auditItems, multilineOf, statusTag } from '../../../components/detail';

/** The same rules and messages the server applies (packages/shared/src/system/post.ts). */
const rules = rulesOf(postBody);

/** /system/post/postAdd|postUpd?id=|postDetail?id=: the shared post form. */
export default function PostFormPage() {
  const [form] = Form.useForm<PostValues>();
  const { id } = useFormMode();
  return (
    <FormPage<PostValues, Post>
      entityName="岗位"
      detail={{
        editPermission: POST_PERMISSIONS.upd,
        items: (p) => [
          { label: '岗位编码', value: p.postCode },
          { label: '岗位名称', value: p.postName },
          { label: '状态', value: statusTag(p.status) },
          { label: '排序', value: p.sort },
          { label: '备注', value: multilineOf(p.remark), span: 'filled' },
          ...auditItems(p),
        ],
      }}
      form={form}
      load={(id, signal) => postApi.detail(id, signal)}
      initialValues={{ status: 'NORMAL', sort: 0 }}
      save={(values, { mode, id, record }) => (mode === 'add' ? postApi.add(values) : postApi.update(id!, record!.lockVersion, values))}
    >
      <Form.Item
        name="postCode"
        label="岗位编码"
        rules={[...rules.postCode, duplicateRule({ tableName: 'post', fieldName: 'postCode', dataId: id, schema: postBody.shape.postCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="请输入岗位编码" />
      </Form.Item>
      <Form.Item name="postName" label="岗位名称" rules={rules.postName}>
        <Input placeholder="请输入岗位名称" />
      </Form.Item>
      <StatusField rules={rules.status} />
      <SortField rules={rules.sort} />
      <RemarkField rules={rules.remark} />
    </FormPage>
  );
}
