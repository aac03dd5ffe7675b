import { useState } from 'react';
import { Button, Checkbox, Form, Modal, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { portalCalls } from '@dandelion/shared/cms/portal';
import { CONSENT_MESSAGE } from '@dandelion/shared/auth/register';
import { call } from '../../api/call';

type AgreementKey = 'userAgreement' | 'privacyPolicy';
const TITLES: Readonly<Record<AgreementKey, string>> = { userAgreement: '用户协议', privacyPolicy: '隐私政策' };

/** The site's 用户协议 and 隐私政策, as the office keeps them in 站点设置 (cached like the other portal calls). */
function useAgreements() {
  return useQuery({
    queryKey: ['portal', 'agreements'],
    queryFn: ({ signal }) => call(portalCalls.agreements, {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** The text in paragraphs: the office writes plain text, one paragraph a line. */
function AgreementText({ text }: { text: string }) {
  return (
    <div className="dl-agreement-text">
      {text
        .split(/\r?\n/)
        .filter((line) => line.trim())
        .map((line, i) => (
          <p key={i}>{line}</p>
        ))}
    </div>
  );
}

/**
 * 我已阅读并同意《用户协议》和《隐私政策》: a required tick (the server refuses a registration without it)
 * whose two titles open the texts in a dialog.
 */
export function AgreementConsent() {
  const [open, setOpen] = useState<AgreementKey | null>(null);
  const agreements = useAgreements();
  const text = open ? agreements.data?.[open] : null;

  const link = (key: AgreementKey) => (
    <Button type="link" size="small" className="dl-agreement-link" onClick={() => setOpen(key)}>
      《{TITLES[key]}》
    </Button>
  );

  return (
    <>
      {/* The titles are buttons beside the box's label, not inside it: a label holds no other control. */}
      <Form.Item className="dl-agreement-consent">
        <Form.Item
          name="agreed"
          valuePropName="checked"
          noStyle
          rules={[{ validator: (_, value) => (value === true ? Promise.resolve() : Promise.reject(new Error(CONSENT_MESSAGE))) }]}
        >
          <Checkbox>我已阅读并同意</Checkbox>
        </Form.Item>
        {link('userAgreement')}和{link('privacyPolicy')}
      </Form.Item>
      <Modal
        open={open !== null}
        title={open ? TITLES[open] : undefined}
        onCancel={() => setOpen(null)}
        footer={
          <Button type="primary" onClick={() => setOpen(null)}>
            我知道了
          </Button>
        }
        width={720}
      >
        {agreements.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : text ? (
          <AgreementText text={text} />
        ) : (
          <p>本站尚未发布{open ? `《${TITLES[open]}》` : ''}全文，如有疑问请联系网站主办单位。</p>
        )}
      </Modal>
    </>
  );
}
