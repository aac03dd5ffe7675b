import { useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Col, DatePicker, Descriptions, Form, Input, InputNumber, Popconfirm, Row, Switch } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { CONTENT_ATTACHMENTS_MAX, CONTENT_BODY_MAX, CONTENT_PERMISSIONS, contentBody } from '@dandelion/shared/cms/content';
import type { UploadedFile } from '../../../api/upload';
import { FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { RichTextEditor, richTextMaxLengthRule } from '../../../components/RichTextEditor';
import { UploadField } from '../../../components/upload/UploadField';
import { formatDateTime, instantOfPickerValue, pickerValueOf } from '../../../lib/date';
import { useHasPermission } from '../../../api/consoleStore';
import { CatalogTreeSelect } from '../../../components/CatalogTree/CatalogTree';
import { ContentStatusTag } from './ContentStatusTag';
import { auditItems, dateTimeOf, filesOf, richTextOf, textOf, yesNo } from '../../../components/detail';
import { addContent, fetchContent, publishContent, updateContent, type ContentBody, type ContentDetail } from './api';

const ENTITY = '文章';
/** The same rules and messages the server applies (packages/shared/src/cms/content.ts). */
const rules = rulesOf(contentBody);

interface ContentValues {
  catalogId: string;
  title: string;
  subject?: string;
  summary?: string;
  body: string;
  cover: UploadedFile[];
  attachments: UploadedFile[];
  author?: string;
  source?: string;
  linkUrl?: string;
  publishTime: Dayjs | null;
  isTop: boolean;
  sort: number;
}

export const toValues = (c: ContentDetail): Partial<ContentValues> => ({
  catalogId: c.catalogId,
  title: c.title,
  subject: c.subject ?? undefined,
  summary: c.summary ?? undefined,
  body: c.body ?? '',
  cover: c.cover ? [c.cover] : [],
  attachments: c.attachments,
  author: c.author ?? undefined,
  source: c.source ?? undefined,
  linkUrl: c.linkUrl ?? undefined,
  publishTime: pickerValueOf(c.publishTime),
  isTop: c.isTop,
  sort: c.sort,
});

const blank = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

export const toBody = (v: ContentValues): ContentBody => ({
  catalogId: v.catalogId,
  title: v.title.trim(),
  subject: blank(v.subject),
  summary: blank(v.summary),
  body: v.body ?? '',
  coverFileId: v.cover?.[0]?.fileId ?? null,
  attachmentIds: (v.attachments ?? []).map((f) => f.fileId),
  author: blank(v.author),
  source: blank(v.source),
  linkUrl: blank(v.linkUrl),
  publishTime: v.publishTime ? instantOfPickerValue(v.publishTime) : null,
  isTop: !!v.isTop,
  sort: v.sort ?? 0,
});

function ContentFacts({ content }: { content: ContentDetail }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 16 }} bordered>
      <Descriptions.Item label="状态">
        <ContentStatusTag status={content.status} />
      </Descriptions.Item>
      <Descriptions.Item label="发布时间">{formatDateTime(content.publishTime) || '-'}</Descriptions.Item>
      <Descriptions.Item label="浏览量">{content.viewCount}</Descriptions.Item>
      <Descriptions.Item label="最后修改">{`${content.updateBy ?? '-'} ${formatDateTime(content.updateTime)}`}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * /cms/content/contentAdd|contentUpd?id=|contentDetail?id=: one form for the three. 保存 keeps the
 * article in its status (a draft stays a draft); 保存并发布 saves, then publishes — at once, or at
 * the publish time when that is still to come.
 */
export default function ContentFormPage() {
  const [form] = Form.useForm<ContentValues>();
  const { message } = App.useApp();
  const { mode, id } = useFormMode();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const canPublish = useHasPermission(CONTENT_PERMISSIONS.publish);
  const publishing = useRef(false);
  const record = useQuery({
    queryKey: ['form-record', ENTITY, id],
    queryFn: ({ signal }) => fetchContent(id!, signal),
    enabled: mode !== 'add' && !!id,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const content = record.data;
  const live = content?.status === 'PUBLISHED';

  const publishButton =
    mode !== 'detail' && canPublish && !live ? (
      <Popconfirm
        title="确定保存并发布这篇文章吗？"
        description="发布时间晚于现在则定时发布，否则立即发布到门户。"
        okText="发布"
        onConfirm={() => {
          publishing.current = true;
          form.submit();
        }}
      >
        <Button icon={<SendOutlined />}>保存并发布</Button>
      </Popconfirm>
    ) : null;

  return (
    <FormPage<ContentValues, ContentDetail>
      entityName={ENTITY}
      detail={{
        editPermission: CONTENT_PERMISSIONS.upd,
        items: (c) => [
          { label: '标题', value: c.title, span: 'filled' },
          { label: '状态', value: <ContentStatusTag status={c.status} /> },
          { label: '栏目', value: textOf(c.catalogName) },
          { label: '发布时间', value: dateTimeOf(c.publishTime) },
          { label: '浏览量', value: c.viewCount },
          { label: '副标题', value: textOf(c.subject) },
          { label: '作者', value: textOf(c.author) },
          { label: '来源', value: textOf(c.source) },
          { label: '置顶', value: yesNo(c.isTop) },
          { label: '排序', value: c.sort },
          { label: '外部链接', value: c.linkUrl ? <a href={c.linkUrl} target="_blank" rel="noreferrer">{c.linkUrl}</a> : null },
          { label: '摘要', value: textOf(c.summary), span: 'filled' },
          { label: '封面图片', value: c.cover?.url ? <a href={c.cover.url} target="_blank" rel="noreferrer"><img src={c.cover.url} alt="封面" style={{ maxWidth: 240, maxHeight: 160 }} /></a> : null, span: 'filled' },
          { label: '正文', value: richTextOf(c.body), span: 'filled' },
          { label: '附件', value: filesOf(c.attachments), span: 'filled' },
          ...auditItems(c),
        ],
      }}
      form={form}
      load={(contentId, signal) => fetchContent(contentId, signal)}
      toValues={toValues}
      initialValues={{ catalogId: query.get('catalogId') ?? undefined, body: '', cover: [], attachments: [], isTop: false, sort: 0, publishTime: null }}
      save={async (values, { mode: saveMode, id: contentId, record: loaded }) => {
        const publish = publishing.current;
        publishing.current = false;
        const body = toBody(values);
        const saved = await (saveMode === 'add' ? addContent(body) : updateContent(contentId!, loaded!.lockVersion, body));
        if (!publish) return saved;
        return publishContent(saved.contentId, saved.lockVersion, body.publishTime ?? null, { silent: true });
      }}
      onSaved={(result, { mode: saveMode }) => {
        const status = (result as { status?: string }).status;
        message.success(status === 'SCHEDULED' ? '已保存，将按发布时间定时发布' : status === 'PUBLISHED' && saveMode === 'add' ? '已保存并发布' : '保存成功');
        // Back to the list it came from, or to the list when opened directly.
        if (location.key !== 'default') navigate(-1);
        else navigate(location.pathname.replace(/[^/]*$/, 'contentList'));
      }}
      extraButtons={publishButton}
      formProps={{ name: 'content', onFinishFailed: () => (publishing.current = false) }}
    >
      {content && <ContentFacts content={content} />}
      {mode === 'upd' && live && <Alert type="info" showIcon title="这篇文章已发布，保存后门户立即显示修改后的内容。" style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item name="catalogId" label="栏目" rules={[requiredRule('请选择栏目')]}>
            <CatalogTreeSelect />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="publishTime" label="发布时间" extra="不填则发布时取当前时间；晚于现在则定时发布">
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="发布时间" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="title" label="标题" rules={rules.title}>
        <Input placeholder="请输入文章标题" showCount maxLength={256} />
      </Form.Item>
      <Form.Item name="subject" label="副标题" rules={rules.subject}>
        <Input placeholder="副标题" maxLength={256} />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={rules.summary}>
        <Input.TextArea placeholder="列表中显示的摘要" autoSize={{ minRows: 2, maxRows: 5 }} showCount maxLength={1024} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item name="author" label="作者" rules={rules.author}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="source" label="来源" rules={rules.source}>
            <Input maxLength={128} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="linkUrl"
        label="外部链接"
        extra="填写后门户直接打开此链接，不显示正文"
        rules={rules.linkUrl}
      >
        <Input placeholder="https://" maxLength={512} />
      </Form.Item>
      <Form.Item name="cover" label="封面图片" extra="jpg、png、gif、webp、bmp，不超过 10 MB">
        <UploadField maxCount={1} accept="image/*" maxSizeMb={10} listType="picture" buttonText="上传封面" />
      </Form.Item>
      <Form.Item name="body" label="正文" rules={[richTextMaxLengthRule(CONTENT_BODY_MAX)]}>
        <RichTextEditor maxLength={CONTENT_BODY_MAX} height={420} minHeight={320} />
      </Form.Item>
      <Form.Item name="attachments" label="附件" extra={`最多 ${CONTENT_ATTACHMENTS_MAX} 个；文章发布后访客可以下载`}>
        <UploadField maxCount={CONTENT_ATTACHMENTS_MAX} multiple buttonText="上传附件" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} lg={6}>
          <Form.Item name="isTop" label="置顶" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} lg={6}>
          <Form.Item name="sort" label="排序" extra="越大越靠前" rules={rules.sort}>
            <InputNumber min={0} max={99999} precision={0} />
          </Form.Item>
        </Col>
      </Row>
    </FormPage>
  );
}
