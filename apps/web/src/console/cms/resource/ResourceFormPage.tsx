import { useState } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_PERMISSIONS } from '@dandelion/shared/cms/content';
import { RESOURCE_PERMISSIONS, RESOURCE_TYPE_LABELS, resourceBody, type ResourceType } from '@dandelion/shared/cms/resource';
import type { UploadedFile } from '../../../api/upload';
import { FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { UploadField } from '../../../components/upload/UploadField';
import { useHasPermission } from '../../../api/consoleStore';
import { AddArticleDialog } from './AddArticleDialog';
import { resourceApi, type Resource, type ResourceBody } from './api';
import { auditItems, filesOf, labelTag, multilineOf, tagsOf } from '../../../components/detail';

const ENTITY = '资源';
/** The same rules and messages the server applies (packages/shared/src/cms/resource.ts). */
const rules = rulesOf(resourceBody);

/** What the file picker offers per type; the server checks the real type of the bytes again. */
const ACCEPT: Record<Exclude<ResourceType, 'LINK'>, { accept: string; hint: string; maxSizeMb: number }> = {
  IMAGE: { accept: '.jpg,.jpeg,.png,.gif,.webp,.bmp', hint: 'jpg、png、gif、webp、bmp，不超过 10 MB', maxSizeMb: 10 },
  DOCUMENT: { accept: '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.wps,.ofd,.txt,.csv', hint: 'pdf、Office、wps、ofd、txt、csv，不超过 50 MB', maxSizeMb: 50 },
  VIDEO: { accept: '.mp4', hint: 'mp4，不超过 500 MB', maxSizeMb: 500 },
};

interface ResourceValues {
  resourceName: string;
  resourceType: ResourceType;
  file: UploadedFile[];
  url?: string;
  tags?: string;
  description?: string;
}

const toValues = (r: Resource): Partial<ResourceValues> => ({
  resourceName: r.resourceName,
  resourceType: r.resourceType,
  file: r.file ? [r.file] : [],
  url: r.url ?? undefined,
  tags: r.tags ?? undefined,
  description: r.description ?? undefined,
});

export const toBody = (v: ResourceValues): ResourceBody => {
  const link = v.resourceType === 'LINK';
  return {
    resourceName: v.resourceName.trim(),
    resourceType: v.resourceType,
    fileId: link ? null : (v.file?.[0]?.fileId ?? null),
    url: link ? (v.url?.trim() ?? null) : null,
    tags: v.tags?.trim() || null,
    description: v.description?.trim() || null,
  };
};

/** /cms/resource/resourceAdd|resourceUpd?id=|resourceDetail?id=: the shared resource form, with 发布文章 once saved. */
export default function ResourceFormPage() {
  const [form] = Form.useForm<ResourceValues>();
  const { mode, id } = useFormMode();
  const type = Form.useWatch('resourceType', form) as ResourceType | undefined;
  const canAddArticle = useHasPermission(RESOURCE_PERMISSIONS.addArticle);
  const canEditArticle = useHasPermission(CONTENT_PERMISSIONS.upd);
  const [toArticle, setToArticle] = useState(false);
  const record = useQuery({
    queryKey: ['form-record', ENTITY, id],
    queryFn: ({ signal }) => resourceApi.detail(id!, signal),
    enabled: mode !== 'add' && !!id,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const accept = type && type !== 'LINK' ? ACCEPT[type] : null;

  return (
    <>
      <FormPage<ResourceValues, Resource>
        entityName={ENTITY}
        detail={{
          editPermission: RESOURCE_PERMISSIONS.upd,
          items: (r) => [
            { label: '资源名称', value: r.resourceName },
            { label: '资源类型', value: labelTag(RESOURCE_TYPE_LABELS, r.resourceType) },
            r.resourceType === 'LINK'
              ? { label: '链接地址', value: r.url ? <a href={r.url} target="_blank" rel="noreferrer">{r.url}</a> : null, span: 'filled' }
              : { label: '文件', value: filesOf(r.file ? [r.file] : []), span: 'filled' },
            r.resourceType === 'IMAGE' && !!r.file?.url && { label: '预览', value: <img src={r.file.url} alt={r.resourceName} style={{ maxWidth: 320, maxHeight: 200 }} />, span: 'filled' },
            { label: '标签', value: tagsOf(r.tags?.split(/[,，\s]+/).filter(Boolean)) },
            { label: '说明', value: multilineOf(r.description), span: 'filled' },
            ...auditItems(r),
          ],
        }}
        form={form}
        load={(resourceId, signal) => resourceApi.detail(resourceId, signal)}
        toValues={toValues}
        initialValues={{ resourceType: 'IMAGE', file: [] }}
        save={(values, { mode: saveMode, id: resourceId, record: loaded }) =>
          saveMode === 'add' ? resourceApi.add(toBody(values)) : resourceApi.update(resourceId!, loaded!.lockVersion, toBody(values))
        }
        extraButtons={
          record.data && canAddArticle ? (
            <Button icon={<FileAddOutlined />} disabled={false} onClick={() => setToArticle(true)}>
              发布文章
            </Button>
          ) : null
        }
        formProps={{ name: 'resource' }}
      >
        <Form.Item name="resourceName" label="名称" rules={rules.resourceName}>
          <Input maxLength={128} showCount placeholder="请输入资源名称" />
        </Form.Item>
        <Form.Item name="resourceType" label="类型" rules={rules.resourceType}>
          <Radio.Group
            optionType="button"
            options={Object.entries(RESOURCE_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            onChange={() => form.setFieldsValue({ file: [] })}
          />
        </Form.Item>
        {type === 'LINK' ? (
          <Form.Item
            name="url"
            label="链接地址"
            rules={[requiredRule('请输入链接地址'), ...rules.url]}
          >
            <Input placeholder="https://" maxLength={512} />
          </Form.Item>
        ) : (
          <Form.Item
            name="file"
            label="文件"
            extra={accept?.hint}
            rules={[{ validator: (_r, v: UploadedFile[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传资源文件'))) }]}
          >
            <UploadField maxCount={1} accept={accept?.accept} maxSizeMb={accept?.maxSizeMb} listType={type === 'IMAGE' ? 'picture' : 'text'} buttonText="上传文件" />
          </Form.Item>
        )}
        <Form.Item name="tags" label="标签" extra="多个标签用逗号分隔" rules={rules.tags}>
          <Input maxLength={256} />
        </Form.Item>
        <Form.Item name="description" label="描述" extra="发布为文章时作为摘要" rules={rules.description}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1024} showCount />
        </Form.Item>
      </FormPage>
      {/* Outside the form: a read-only (detail) form would disable the dialog's fields through its context. */}
      {toArticle && record.data && <AddArticleDialog resource={record.data} canEditArticle={canEditArticle} onClose={() => setToArticle(false)} />}
    </>
  );
}
