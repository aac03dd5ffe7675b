import { useEffect } from 'react';
import { Form, Input, Space, Spin, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { CAPTCHA_ANSWER_MESSAGE } from '@dandelion/shared/auth/register';
import { useImageCaptcha } from './useImageCaptcha';

interface CaptchaFieldProps {
  form: FormInstance;
  /** Changing this number fetches a new image (a captcha is good for one attempt only). */
  refreshSignal: number;
  /** Id of the answer's input, so the label points at it (antd ids are `${formName}_${name}`). */
  inputId?: string;
  extra?: string;
  /** False where the answer is asked for by one action, not by the form's submit (registration: 获取验证码). */
  requiredOnSubmit?: boolean;
}

/**
 * 图形验证码 in an antd form (registration, the login dialog): the code input and the image from
 * /rest/captcha/png; clicking the image fetches another. The image's key travels in the hidden
 * `captchaKey` field. The sign-in page draws the same with plain elements (LoginCaptchaField).
 */
export function CaptchaField({ form, refreshSignal, inputId = 'login_captchaCode', extra, requiredOnSubmit = true }: CaptchaFieldProps) {
  const { data, isFetching, isError, refresh } = useImageCaptcha(refreshSignal);

  useEffect(() => {
    form.setFieldValue('captchaKey', data?.captchaKey);
    form.setFieldValue('captchaCode', undefined);
  }, [data, form]);

  return (
    <>
      <Form.Item name="captchaKey" hidden>
        <Input />
      </Form.Item>
      <Form.Item label="图形验证码" htmlFor={inputId} required extra={extra}>
        <Space.Compact block>
          <Form.Item
            name="captchaCode"
            noStyle
            rules={requiredOnSubmit ? [{ required: true, whitespace: true, message: CAPTCHA_ANSWER_MESSAGE }] : []}
          >
            <Input
              id={inputId}
              prefix={<SafetyOutlined />}
              placeholder="请输入图形验证码"
              maxLength={8}
              autoComplete="off"
            />
          </Form.Item>
          <button
            type="button"
            className="dl-captcha-image"
            onClick={refresh}
            title="看不清？换一张"
            aria-label="看不清？换一张"
          >
            {data && !isFetching ? (
              <img src={data.image} alt="图形验证码" />
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
