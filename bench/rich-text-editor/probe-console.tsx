// Bundle probe: a console form page as the CMS forms will be — the antd components the console's
// list and form pages load anyway (inputs, selects, table with pagination, dropdown action bar,
// modal confirm, tooltips, progress, alerts) — plus the editor. Built only by run.mjs.
import { createRoot } from 'react-dom/client';
import { Alert, Button, Checkbox, Dropdown, Empty, Form, Input, Modal, Progress, Select, Skeleton, Spin, Table, Tooltip } from 'antd';
import { RichTextEditor, richTextMaxLengthRule } from '../../apps/web/src/components/RichTextEditor';
import { RichTextView } from '../../apps/web/src/components/RichTextView';

function ProbePage() {
  return (
    <Spin spinning={false}>
      <Alert message="提示" />
      <Form initialValues={{ content: '<p>正文</p>' }}>
        <Form.Item name="title" label="标题">
          <Input />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Select options={[{ value: 1, label: '通知' }]} />
        </Form.Item>
        <Form.Item name="top" valuePropName="checked">
          <Checkbox>置顶</Checkbox>
        </Form.Item>
        <Form.Item name="content" label="正文" rules={[richTextMaxLengthRule(5000)]}>
          <RichTextEditor maxLength={5000} />
        </Form.Item>
      </Form>
      <Table dataSource={[]} columns={[{ title: '名称', dataIndex: 'name' }]} pagination={{ total: 0 }} locale={{ emptyText: <Empty /> }} />
      <Dropdown menu={{ items: [{ key: 'a', label: '更多' }] }}>
        <Tooltip title="操作">
          <Button onClick={() => Modal.confirm({ title: '确认' })}>操作</Button>
        </Tooltip>
      </Dropdown>
      <Progress percent={50} />
      <Skeleton />
      <RichTextView html="<p>详情</p>" />
    </Spin>
  );
}

createRoot(document.getElementById('root')!).render(<ProbePage />);
