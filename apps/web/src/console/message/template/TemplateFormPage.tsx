import { useState } from 'react';
import { App, Button, Col, Form, Input, Popconfirm, Radio, Row, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { MESSAGE_CHANNEL_LABELS, scanTemplate, templateBody, type MessageChannel } from '@dandelion/shared/message/template';
import { errorMessage } from '../../../api/http';
import { useSessionStore } from '../../../api/session';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { useHasPermission } from '../../../api/consoleStore';
import { TemplatePreview } from './TemplatePreview';
import { sendTemplate, SMS_TEMPLATE_MAX, templateApi, TEMPLATE_PERMISSIONS, type Template, type TemplateFormValues } from './api';
import './template.css';
import { optionsOf } from '../../../lib/options';
import { auditItems, labelTag, multilineOf, statusTag, tagsOf, textOf } from '../../../components/detail';

/** The same rules and messages the server applies (packages/shared/src/message/template.ts). */
const rules = rulesOf(templateBody);

/** The variables and why the text is not a valid template, as the server will say. */
const templateRule = (other: () => string | null | undefined) => ({
  validator: (_rule: unknown, value: string | undefined) => {
    const { problems } = scanTemplate(value, other());
    // antd fills ${name} placeholders in rule messages; a backslash keeps ours as written.
    return problems.length ? Promise.reject(new Error(problems.join('；').replace(/\$\{(\w+)\}/g, '\\${$1}'))) : Promise.resolve();
  },
});

const toBody = (values: TemplateFormValues, variables: string[]): TemplateFormValues => ({
  ...values,
  title: values.channel === 'SMS' ? null : values.title?.trim() || null,
  remark: values.remark?.trim() ? values.remark : null,
  sampleValues: Object.fromEntries(Object.entries(values.sampleValues ?? {}).filter(([name, v]) => variables.includes(name) && v)),
});

/** Sends the saved template to the signed-in user with the sample values: a look at the real thing. */
function TestSend({ template }: { template: Template }) {
  const { message } = App.useApp();
  const me = useSessionStore((s) => s.session?.userInfo.userId);
  const [busy, setBusy] = useState(false);
  if (!me) return null;
  return (
    <Popconfirm
      title="用已保存的模板和示例值发给自己？"
      description={`渠道：${MESSAGE_CHANNEL_LABELS[template.channel]}；未保存的修改不会用于测试发送。`}
      okText="发送"
      onConfirm={async () => {
        setBusy(true);
        try {
          const result = await sendTemplate({ templateId: template.templateId, userIds: [me], values: template.sampleValues });
          if (result.failed) message.warning('测试发送失败，原因见发送记录');
          else message.success('测试消息已发送，请查收');
        } catch (error) {
          message.error(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button icon={<SendOutlined />} loading={busy}>
        测试发送
      </Button>
    </Popconfirm>
  );
}

/** /message/template/templateAdd|templateUpd?id=|templateDetail?id=: a template with variable hints, a live preview and a test send. */
export default function TemplateFormPage() {
  const [form] = Form.useForm<TemplateFormValues>();
  const { mode, id } = useFormMode();
  const canSend = useHasPermission(TEMPLATE_PERMISSIONS.send);
  const [loaded, setLoaded] = useState<Template | null>(null);
  const channel = Form.useWatch('channel', form) as MessageChannel | undefined;
  const title = Form.useWatch('title', form) as string | null | undefined;
  const content = Form.useWatch('content', form) as string | undefined;
  const samples = (Form.useWatch('sampleValues', form) ?? {}) as Record<string, string>;
  const { variables } = scanTemplate(channel === 'SMS' ? null : title, content);
  const max = channel === 'SMS' ? SMS_TEMPLATE_MAX : 2000;

  return (
    <FormPage<TemplateFormValues, Template>
      entityName="消息模板"
      detail={{
        editPermission: TEMPLATE_PERMISSIONS.upd,
        items: (t) => [
          { label: '模板编码', value: t.templateCode },
          { label: '模板名称', value: t.templateName },
          { label: '渠道', value: labelTag(MESSAGE_CHANNEL_LABELS, t.channel) },
          { label: '状态', value: statusTag(t.status) },
          t.channel !== 'SMS' && { label: '标题', value: textOf(t.title), span: 'filled' },
          { label: '内容', value: multilineOf(t.content), span: 'filled' },
          { label: '变量', value: tagsOf(t.variables.map((v) => `${v}${t.sampleValues[v] ? `（示例：${t.sampleValues[v]}）` : ''}`)), span: 'filled' },
          { label: '备注', value: multilineOf(t.remark), span: 'filled' },
          ...auditItems(t),
        ],
      }}
      form={form}
      load={async (id, signal) => {
        const template = await templateApi.detail(id, signal);
        setLoaded(template);
        return template;
      }}
      initialValues={{ channel: 'SITE', status: 'NORMAL', sampleValues: {} }}
      save={(values, { mode: saveMode, id, record }) => {
        const body = toBody(values, variables);
        return saveMode === 'add' ? templateApi.add(body) : templateApi.update(id!, record!.lockVersion, body);
      }}
      extraButtons={mode !== 'add' && canSend && loaded ? <TestSend template={loaded} /> : null}
      // Field ids of their own (template_…): the list kept open behind its tab has search fields of the same names.
      formProps={{ name: 'template' }}
    >
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <Form.Item
            name="templateCode"
            label="模板编码"
            rules={[...rules.templateCode, duplicateRule({ tableName: 'template', fieldName: 'templateCode', dataId: id, schema: templateBody.shape.templateCode })]}
            validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
            extra="其他模块按编码发送，如 REVIEW_PASSED"
          >
            <Input placeholder="请输入模板编码" />
          </Form.Item>
          <Form.Item name="templateName" label="模板名称" rules={rules.templateName}>
            <Input placeholder="请输入模板名称" />
          </Form.Item>
          <Form.Item name="channel" label="发送渠道" rules={[requiredRule('请选择发送渠道')]}>
            <Radio.Group optionType="button" options={Object.entries(MESSAGE_CHANNEL_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          {channel !== 'SMS' && (
            <Form.Item
              name="title"
              label={channel === 'EMAIL' ? '邮件主题' : '消息标题'}
              dependencies={['content']}
              rules={[requiredRule(channel === 'EMAIL' ? '请输入邮件主题' : '请输入消息标题'), ...rules.title, templateRule(() => null)]}
            >
              <Input placeholder="可使用变量，如 ${prize}评审结果" />
            </Form.Item>
          )}
          <Form.Item
            name="content"
            label="模板内容"
            rules={[...rules.content, ...(channel === 'SMS' ? [{ max, message: `短信模板内容不能超过${SMS_TEMPLATE_MAX}个字符` }] : []), templateRule(() => null)]}
          >
            <Input.TextArea rows={6} showCount maxLength={max} placeholder="如：${name}，您好：您申报的${prize}已通过评审。" />
          </Form.Item>
          <Form.Item
            label="变量"
            extra={
              <span>
                变量写作 <Typography.Text code>{'${变量名}'}</Typography.Text>（字母、数字、下划线，不以数字开头），如{' '}
                <Typography.Text code>{'${name}'}</Typography.Text>；要原样显示 <Typography.Text code>{'${'}</Typography.Text> 时写{' '}
                <Typography.Text code>{'$${'}</Typography.Text>。发送时每个变量都必须给出值。
              </span>
            }
          >
            <div className="dl-template-variables" data-testid="template-variables">
              {variables.length ? variables.map((name) => <Tag key={name} color="blue">{name}</Tag>) : <Typography.Text type="secondary">内容中还没有变量</Typography.Text>}
            </div>
          </Form.Item>
          {variables.map((name) => (
            <Form.Item key={name} name={['sampleValues', name]} label={`示例值 ${name}`} rules={[{ max: 500, message: '示例值不能超过500个字符' }]}>
              <Input placeholder={`预览和测试发送时 \${${name}} 的值`} />
            </Form.Item>
          ))}
          <Form.Item name="status" label="状态" rules={[requiredRule('请选择状态')]}>
            <Radio.Group options={optionsOf(RECORD_STATUS_LABELS)} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={2} placeholder="请输入备注" />
          </Form.Item>
        </Col>
        <Col xs={24} xl={10}>
          <TemplatePreview channel={channel} title={channel === 'SMS' ? null : title} content={content} values={samples} />
        </Col>
      </Row>
    </FormPage>
  );
}
