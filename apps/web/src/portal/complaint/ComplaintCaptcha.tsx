import { useEffect } from 'react';
import { Form, Input, Space, Spin, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fetchImageCaptcha } from '../../api/auth';

interface ComplaintCaptchaProps {
  form: FormInstance;
  /** Changing it fetches a new image: a captcha is good for one submission. */
  round: number;
  onRefresh: () => void;
}

/** 验证码: the code input and the image from /rest/captcha/png; the image (a button) fetches another. */
export function ComplaintCaptcha({ form, round, onRefresh }: ComplaintCaptchaProps) {
  const { data, isFetching, isError } = useQuery({
    queryKey: ['portal', 'complaint-captcha', round],
    queryFn: fetchImageCaptcha,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  useEffect(() => {
    form.setFieldValue('captchaKey', data?.captchaKey);
    form.setFieldValue('captchaCode', undefined);
  }, [data, form]);

  return (
    <>
      <Form.Item name="captchaKey" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="验证码" htmlFor="complaint_captchaCode" required>
        <Space.Compact block>
          <Form.Item name="captchaCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入图形验证码' }]}>
            <Input id="complaint_captchaCode" placeholder="请输入图中字符" maxLength={8} autoComplete="off" />
          </Form.Item>
          <button type="button" className="dl-captcha-image" onClick={onRefresh} title="看不清？换一张" aria-label="看不清？换一张">
            {data && !isFetching ? (
              <img src={data.image} alt="验证码" />
            ) : isError && !isFetching ? (
              <span>点击重新获取</span>
            ) : (
              <Spin size="small" />
            )}
          </button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
