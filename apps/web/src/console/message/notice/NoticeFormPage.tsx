import { useRef, useState } from 'react';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Popconfirm, Radio } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { instantOfPickerValue, pickerValueOf } from '../../../lib/date';
import { NOTICE_AUDIENCE_LABELS, NOTICE_PRIORITY_LABELS, NOTICE_TEXT_MAX, noticeBody, type NoticeAudience, type NoticePriority } from '@dandelion/shared/message/notice';
import type { UploadedFile } from '../../../api/upload';
import { FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { RichTextEditor, richTextMaxLengthRule, richTextRequiredRule } from '../../../components/RichTextEditor';
import { UploadField } from '../../../components/upload/UploadField';
import { formatDateTime } from '../../../lib/date';
import { useHasPermission } from '../../../api/consoleStore';
import { AudienceFields } from './AudienceFields';
import { NoticeStatusTag } from './NoticeListPage';
import { auditItems, dateTimeOf, filesOf, labelTag, richTextOf, tagsOf, yesNo } from '../../../components/detail';
import { addNotice, fetchNotice, NOTICE_PERMISSIONS, updateNotice, type NamedOption, type NoticeBody, type NoticeDetail } from './api';

/** The same rules and messages the server applies (packages/shared/src/message/notice.ts). */
const rules = rulesOf(noticeBody);
const ENTITY = '通知';
const NO_USERS: NamedOption[] = [];

interface NoticeValues {
  title: string;
  content: string;
  priority: NoticePriority;
  audienceType: NoticeAudience;
  roleIds: string[];
  orgIds: string[];
  userIds: string[];
  includeSubOrgs: boolean;
  isPublic: boolean;
  publishTime: Dayjs | null;
  expireTime: Dayjs | null;
  attachments: UploadedFile[];
}

const toValues = (n: NoticeDetail): Partial<NoticeValues> => ({
  title: n.title,
  content: n.content,
  priority: n.priority,
  audienceType: n.audienceType,
  roleIds: n.roleIds,
  orgIds: n.orgIds,
  userIds: n.userIds,
  includeSubOrgs: n.includeSubOrgs,
  isPublic: n.isPublic,
  publishTime: pickerValueOf(n.publishTime),
  expireTime: pickerValueOf(n.expireTime),
  attachments: n.attachments,
});

export const toBody = (v: NoticeValues, release: boolean): NoticeBody => {
  const scoped = v.audienceType === 'SCOPED';
  return {
    title: v.title,
    content: v.content,
    priority: v.priority,
    audienceType: v.audienceType,
    roleIds: scoped ? (v.roleIds ?? []) : [],
    orgIds: scoped ? (v.orgIds ?? []) : [],
    userIds: scoped ? (v.userIds ?? []) : [],
    includeSubOrgs: v.includeSubOrgs ?? true,
    isPublic: !scoped && !!v.isPublic,
    publishTime: v.publishTime ? instantOfPickerValue(v.publishTime) : null,
    expireTime: v.expireTime ? instantOfPickerValue(v.expireTime) : null,
    attachmentIds: (v.attachments ?? []).map((f) => f.fileId),
    release,
  };
};

/** Status, delivery and read counts of a saved notice, above its form. */
function NoticeFacts({ notice }: { notice: NoticeDetail }) {
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginBottom: 16 }} bordered>
      <Descriptions.Item label="状态">
        <NoticeStatusTag status={notice.status} />
      </Descriptions.Item>
      <Descriptions.Item label="发布人">{notice.releaseBy ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="发布时间">{formatDateTime(notice.releaseTime) || '-'}</Descriptions.Item>
      <Descriptions.Item label="已读/投递">{notice.status === 'DRAFT' ? '-' : `${notice.readCount}/${notice.deliveredCount}`}</Descriptions.Item>
    </Descriptions>
  );
}

/** /message/notice/noticeAdd|noticeUpd?id=|noticeDetail?id=: the shared notice form, saved as a draft or saved and released. */
export default function NoticeFormPage() {
  const [form] = Form.useForm<NoticeValues>();
  const { mode, id } = useFormMode();
  const canRelease = useHasPermission(NOTICE_PERMISSIONS.release);
  const releasing = useRef(false);
  const [publishing, setPublishing] = useState(false);
  // The same record FormPage loads (same key, shared cache): the facts above the form and the user labels.
  const record = useQuery({
    queryKey: ['form-record', ENTITY, id],
    queryFn: ({ signal }) => fetchNotice(id!, signal),
    enabled: mode !== 'add' && !!id,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const notice = record.data;
  const released = notice?.status === 'RELEASED';

  const publishButton =
    mode !== 'detail' && canRelease && !released ? (
      <Popconfirm
        title="确定保存并发布这条通知吗？"
        description="发布后通知立即投递给所选对象，已发布的通知需撤回后才能修改。"
        okText="发布"
        onConfirm={() => {
          releasing.current = true;
          form.submit();
        }}
      >
        <Button icon={<SendOutlined />} loading={publishing}>
          保存并发布
        </Button>
      </Popconfirm>
    ) : null;

  return (
    <FormPage<NoticeValues, NoticeDetail>
      entityName={ENTITY}
      detail={{
        editPermission: NOTICE_PERMISSIONS.upd,
        items: (n) => [
          { label: '标题', value: n.title, span: 'filled' },
          { label: '状态', value: <NoticeStatusTag status={n.status} /> },
          { label: '优先级', value: labelTag(NOTICE_PRIORITY_LABELS, n.priority, { IMPORTANT: 'orange', URGENT: 'red' }) },
          { label: '通知对象', value: NOTICE_AUDIENCE_LABELS[n.audienceType] },
          n.audienceType === 'ALL' && { label: '门户公开', value: yesNo(n.isPublic) },
          n.audienceType === 'SCOPED' && { label: '角色', value: tagsOf(n.roles.map((r) => r.label)) },
          n.audienceType === 'SCOPED' && { label: '机构', value: tagsOf(n.orgs.map((o) => o.label)) },
          n.audienceType === 'SCOPED' && { label: '含下级机构', value: yesNo(n.includeSubOrgs) },
          n.audienceType === 'SCOPED' && { label: '用户', value: tagsOf(n.users.map((u) => u.label)) },
          { label: '发布时间', value: dateTimeOf(n.publishTime) },
          { label: '失效时间', value: n.expireTime ? dateTimeOf(n.expireTime) : '长期有效' },
          { label: '发布人', value: n.releaseBy },
          { label: '实际发布', value: dateTimeOf(n.releaseTime) },
          { label: '已读/投递', value: n.status === 'DRAFT' ? null : `${n.readCount}/${n.deliveredCount}` },
          { label: '正文', value: richTextOf(n.content), span: 'filled' },
          { label: '附件', value: filesOf(n.attachments), span: 'filled' },
          ...auditItems(n),
        ],
      }}
      form={form}
      load={(noticeId, signal) => fetchNotice(noticeId, signal)}
      toValues={toValues}
      initialValues={{ priority: 'NORMAL', audienceType: 'ALL', includeSubOrgs: true, isPublic: false, roleIds: [], orgIds: [], userIds: [], attachments: [] }}
      save={async (values, { mode: saveMode, id: noticeId, record: loaded }) => {
        const release = releasing.current;
        releasing.current = false;
        setPublishing(release);
        try {
          const body = toBody(values, release);
          return await (saveMode === 'add' ? addNotice(body) : updateNotice(noticeId!, loaded!.lockVersion, body));
        } finally {
          setPublishing(false);
        }
      }}
      extraButtons={publishButton}
      // A name of its own prefixes the field ids: the list kept open behind its tab has a search field called title too.
      formProps={{ name: 'notice', onFinishFailed: () => (releasing.current = false) }}
    >
      {notice && <NoticeFacts notice={notice} />}
      {mode === 'upd' && released && (
        <Alert type="warning" showIcon title="这条通知已发布，不能修改；如需更正，请先在列表中撤回。" style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="title" label="标题" rules={rules.title}>
        <Input placeholder="请输入通知标题" showCount maxLength={200} />
      </Form.Item>
      <Form.Item name="priority" label="优先级" rules={[requiredRule('请选择优先级')]}>
        <Radio.Group options={Object.entries(NOTICE_PRIORITY_LABELS).map(([value, label]) => ({ value, label }))} optionType="button" />
      </Form.Item>
      <AudienceFields form={form} knownUsers={notice?.users ?? NO_USERS} />
      <Form.Item label="有效期" extra="发布时间不填则发布即生效；失效时间不填则长期有效">
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Form.Item name="publishTime" noStyle>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="发布时间" aria-label="发布时间" />
          </Form.Item>
          <span>至</span>
          <Form.Item
            name="expireTime"
            noStyle
            dependencies={['publishTime']}
            rules={[
              {
                validator: (_rule, value: Dayjs | null) => {
                  const publish = form.getFieldValue('publishTime') as Dayjs | null;
                  return value && publish && !value.isAfter(publish) ? Promise.reject(new Error('失效时间必须晚于发布时间')) : Promise.resolve();
                },
              },
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="失效时间" aria-label="失效时间" />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="content" label="正文" rules={[richTextRequiredRule('请输入通知内容'), richTextMaxLengthRule(NOTICE_TEXT_MAX)]}>
        <RichTextEditor maxLength={NOTICE_TEXT_MAX} height={360} minHeight={300} />
      </Form.Item>
      <Form.Item name="attachments" label="附件" extra="最多 20 个；通知的对象可以下载">
        <UploadField maxCount={20} multiple buttonText="上传附件" />
      </Form.Item>
    </FormPage>
  );
}
