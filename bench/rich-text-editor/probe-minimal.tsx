// Bundle probe: the smallest page with the editor — an antd form holding it, and a rich-text view.
// Built only by bench/rich-text-editor/run.mjs, never by the app.
import { createRoot } from 'react-dom/client';
import { Form } from 'antd';
import { RichTextEditor, richTextMaxLengthRule } from '../../apps/web/src/components/RichTextEditor';
import { RichTextView } from '../../apps/web/src/components/RichTextView';

function ProbePage() {
  return (
    <>
      <Form initialValues={{ content: '<p>正文</p>' }}>
        <Form.Item name="content" label="正文" rules={[richTextMaxLengthRule(5000)]}>
          <RichTextEditor maxLength={5000} />
        </Form.Item>
      </Form>
      <RichTextView html="<p>详情</p>" />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<ProbePage />);
