import { Card, Empty, Tag, Typography } from 'antd';
import { MESSAGE_CHANNEL_LABELS, renderTemplate, type MessageChannel } from '@dandelion/shared/message/template';
import './template.css';

/** A rendered text with the variables still lacking a value shown as ${name} in red. */
function Rendered({ text }: { text: string }) {
  const parts = text.split(/(\$\{[A-Za-z_][A-Za-z0-9_]*\})/g);
  return (
    <>
      {parts.map((part, i) =>
        /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(part) ? (
          <mark key={i} className="dl-template-preview__missing">
            {part}
          </mark>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

/** SMS are billed per 70 characters (67 each once a message spans several). */
export const smsSegments = (length: number) => (length <= 70 ? 1 : Math.ceil(length / 67));

/**
 * What a template will look like with these values, rendered by the same code the server sends
 * with (packages/shared renderTemplate); variables still without a value are marked.
 */
export function TemplatePreview({
  channel,
  title,
  content,
  values,
  missingLabel = '缺少示例值：',
}: {
  channel: MessageChannel | undefined;
  title?: string | null;
  content?: string;
  values: Record<string, string>;
  /** What the list of variables without a value is called here (示例值 in the form, 变量值 when sending). */
  missingLabel?: string;
}) {
  const body = renderTemplate(content ?? '', values);
  const subject = title ? renderTemplate(title, values) : null;
  const missing = [...new Set([...(subject?.missing ?? []), ...body.missing])];
  return (
    <Card size="small" title={`预览${channel ? ` · ${MESSAGE_CHANNEL_LABELS[channel]}` : ''}`} className="dl-template-preview" data-testid="template-preview">
      {!content ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="输入内容后在此预览" />
      ) : channel === 'SMS' ? (
        <div className="dl-template-preview__sms">
          <div className="dl-template-preview__bubble">
            <Rendered text={body.text} />
          </div>
          <Typography.Text type="secondary">
            {body.text.length} 字 · 约 {smsSegments(body.text.length)} 条短信
          </Typography.Text>
        </div>
      ) : (
        <div className="dl-template-preview__message">
          {channel === 'EMAIL' && <Typography.Text type="secondary">主题：</Typography.Text>}
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            <Rendered text={subject?.text ?? ''} />
          </Typography.Title>
          <div className="dl-template-preview__body">
            <Rendered text={body.text} />
          </div>
        </div>
      )}
      {missing.length > 0 && (
        <div className="dl-template-preview__hint">
          {missingLabel}
          {missing.map((name) => (
            <Tag key={name} color="error">
              {name}
            </Tag>
          ))}
        </div>
      )}
    </Card>
  );
}
