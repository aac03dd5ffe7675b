import { useEffect, useEffectEvent } from 'react';
import { PlainField, PlainIcon, PlainInput } from '../../components/plain';
import { useImageCaptcha } from './useImageCaptcha';

interface LoginCaptchaFieldProps {
  inputId: string;
  /** The answer's value, handlers and message (usePlainForm's `field`). */
  answer: { value: string; error?: string; onValue: (value: string) => void; onBlur: () => void };
  /** Changing this number fetches a new image (a captcha is good for one attempt only). */
  refreshSignal: number;
  /** The key of the image shown (undefined while none is); the answer typed so far no longer counts. */
  onImage: (captchaKey: string | undefined) => void;
}

/**
 * 图形验证码 of the sign-in page, with plain elements: the answer's input and the image from
 * /rest/captcha/png beside it; clicking the image fetches another.
 */
export function LoginCaptchaField({ inputId, answer, refreshSignal, onImage }: LoginCaptchaFieldProps) {
  const { data, isFetching, isError, refresh } = useImageCaptcha(refreshSignal);
  const imageShown = useEffectEvent((key: string | undefined) => onImage(key));
  useEffect(() => {
    imageShown(data?.captchaKey);
  }, [data]);

  return (
    <PlainField inputId={inputId} label="图形验证码" error={answer.error}>
      <div className="dl-plain-compact">
        <PlainInput
          id={inputId}
          prefix="safety"
          placeholder="请输入图形验证码"
          maxLength={8}
          autoComplete="off"
          {...answer}
        />
        <button type="button" className="dl-captcha-image" onClick={refresh} title="看不清？换一张" aria-label="看不清？换一张">
          {data && !isFetching ? (
            <img src={data.image} alt="图形验证码" />
          ) : isError && !isFetching ? (
            <span>点击重新获取</span>
          ) : (
            <PlainIcon name="loading" spin />
          )}
        </button>
      </div>
    </PlainField>
  );
}
