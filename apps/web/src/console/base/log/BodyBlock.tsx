import { Empty, Space, Tag, Typography } from 'antd';
import { prettyBody } from './format';

/** A stored request or response body, pretty-printed when it is JSON; copyable. */
export function BodyBlock({ text, emptyText }: { text: string | null; emptyText: string }) {
  if (!text) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const body = prettyBody(text);
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        {body.json ? <Tag color="blue">JSON</Tag> : <Tag>文本</Tag>}
        <Typography.Text copyable={{ text: body.text, tooltips: ['复制', '已复制'] }} type="secondary">
          {text.length} 个字符
        </Typography.Text>
      </Space>
      <pre className="dl-log-body">{body.text}</pre>
    </div>
  );
}
