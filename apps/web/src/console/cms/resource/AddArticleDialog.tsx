import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Form, Input, Modal } from 'antd';
import { resourceCalls } from '@dandelion/shared/cms/resource';
import { errorMessage } from '../../../api/http';
import { rulesOf } from '../../../components/form';
import { CatalogTreeSelect } from '../../../components/CatalogTree/CatalogTree';
import { addArticleFromResource, type Resource } from './api';

const rules = rulesOf(resourceCalls.addArticle.body);

/**
 * 发布文章: choose a catalogue (and optionally a title); the server makes a draft article from the
 * resource, which then opens for editing when the user may edit articles.
 */
export function AddArticleDialog({ resource, onClose, canEditArticle }: { resource: Resource; onClose(): void; canEditArticle: boolean }) {
  const [form] = Form.useForm<{ catalogId: string; title?: string }>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    // A missing catalogue is shown under its field by the form itself.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setError(null);
    try {
      const { contentId } = await addArticleFromResource({ resourceId: resource.resourceId, catalogId: values.catalogId, title: values.title?.trim() || null });
      message.success('已生成文章草稿');
      onClose();
      if (canEditArticle) navigate(`/cms/content/contentUpd?id=${contentId}`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={`发布文章：${resource.resourceName}`} open onCancel={onClose} onOk={() => void submit()} okText="生成草稿" confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" name="addArticle" initialValues={{ title: resource.resourceName }}>
        <Form.Item name="catalogId" label="栏目" rules={rules.catalogId}>
          <CatalogTreeSelect />
        </Form.Item>
        <Form.Item name="title" label="文章标题" rules={rules.title} extra="不填则用资源名称">
          <Input maxLength={256} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
