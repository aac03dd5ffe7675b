import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PURCHASE_CONTACT_MESSAGE, PURCHASE_KIND_LABELS, PURCHASE_KINDS, PURCHASE_MESSAGE_MAX, PURCHASE_SUCCESS_MESSAGE, purchaseForm, type PurchaseKind } from '@dandelion/shared/award/achievement';
import { fetchImageCaptcha } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { PlainErrorAlert } from '../../components/plain/Alert';
import { PortalButton, toast } from '../shared/light';
import { CountedTextArea, FormItem, invalidProps, TextInput } from '../shared/light/FormItem';
import { SelectArrow } from '../shared/light/Select';
import { addPurchase } from './api';

type Field = 'kind' | 'organisation' | 'contactName' | 'phone' | 'email' | 'message' | 'captchaCode';
type Values = Partial<Record<Field, string>>;
const INITIAL: Values = { kind: 'LICENSE' };
const FIELDS: readonly Field[] = ['kind', 'organisation', 'contactName', 'phone', 'email', 'message', 'captchaCode'];
const id = (field: Field) => `purchase_${field}`;

/**
 * A field's message, as the antd form gave it: the contract's own check of that field (its first message; an
 * untouched field is undefined, as antd's store had it), and for the phone also "a mobile number or an e-mail".
 */
function messageOf(field: Field, values: Values): string | null {
  const value = values[field];
  if (field === 'captchaCode') return (value ?? '').trim() ? null : '请输入图形验证码';
  const result = purchaseForm.shape[field].safeParse(value);
  if (!result.success) return result.error.issues[0]?.message ?? '填写内容不正确';
  if (field === 'phone' && !(value ?? '').trim() && !(values.email ?? '').trim()) return PURCHASE_CONTACT_MESSAGE;
  return null;
}

/** The image captcha the complaint form uses; a new round fetches another (a captcha is good for one submission). */
function useCaptcha(round: number) {
  return useQuery({ queryKey: ['portal', 'purchase-captcha', round], queryFn: fetchImageCaptcha, staleTime: Infinity, gcTime: 0, retry: false });
}

/**
 * 有意向合作 (spec §7 /rest/purchase/addPurchase): how the visitor would like to work with the
 * achievement, who they are and how to reach them (a mobile number or an e-mail), and the image
 * captcha the complaint form uses. A refusal shows above the button and brings a new captcha.
 * Drawn without antd (the page's first screen): a field is checked as it changes and all on submit, with the
 * contract's messages, as antd's form did.
 */
export function PurchaseForm({ achievementId, onSubmitted }: { achievementId: string; onSubmitted?: () => void }) {
  const [typed, setTyped] = useState<Values>(INITIAL);
  /** The captcha the code was typed for: a new image empties the code typed for the last one. */
  const [codeFor, setCodeFor] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [captchaRound, setCaptchaRound] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const captcha = useCaptcha(captchaRound);
  const newCaptcha = () => setCaptchaRound((r) => r + 1);
  const captchaKey = captcha.data?.captchaKey;
  const values: Values = { ...typed, captchaCode: codeFor !== undefined && codeFor === captchaKey ? typed.captchaCode : undefined };

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setTyped(next);
    if (field === 'captchaCode') setCodeFor(captchaKey);
    // Checked as it changes; the phone's "either" check again when the e-mail changes.
    setErrors((e) => ({ ...e, [field]: messageOf(field, next), ...(field === 'email' ? { phone: messageOf('phone', next) } : {}) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = Object.fromEntries(FIELDS.map((f) => [f, messageOf(f, values)])) as Record<Field, string | null>;
    setErrors(found);
    if (FIELDS.some((f) => found[f])) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      await addPurchase({
        achievementId,
        kind: values.kind as PurchaseKind,
        organisation: (values.organisation ?? '').trim(),
        contactName: (values.contactName ?? '').trim(),
        phone: values.phone?.trim() || null,
        email: values.email?.trim() || null,
        message: (values.message ?? '').trim(),
        captchaKey: captchaKey ?? '',
        captchaCode: (values.captchaCode ?? '').trim(),
      });
      toast('success', PURCHASE_SUCCESS_MESSAGE);
      setTyped(INITIAL);
      setErrors({});
      newCaptcha();
      onSubmitted?.();
    } catch (error) {
      setRefusal(errorMessage(error));
      newCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const bind = (field: Field) => ({
    id: id(field),
    value: values[field] ?? '',
    invalid: !!errors[field],
    ...invalidProps(id(field), errors[field]),
    onChange: (e: { target: { value: string } }) => change(field, e.target.value),
  });

  return (
    <form id="purchase" className="dl-purchase-form" noValidate onSubmit={(e) => void submit(e)}>
      <FormItem htmlFor={id('kind')} label="合作方式" required error={errors.kind}>
        <span className="dl-select dl-select--block">
          <select id={id('kind')} value={values.kind ?? ''} onChange={(e) => change('kind', e.target.value)}>
            {PURCHASE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {PURCHASE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          <SelectArrow />
        </span>
      </FormItem>
      <FormItem htmlFor={id('organisation')} label="单位名称" required error={errors.organisation}>
        <TextInput {...bind('organisation')} maxLength={100} autoComplete="organization" />
      </FormItem>
      <FormItem htmlFor={id('contactName')} label="联系人" required error={errors.contactName}>
        <TextInput {...bind('contactName')} maxLength={32} autoComplete="name" />
      </FormItem>
      <FormItem htmlFor={id('phone')} label="手机号码" error={errors.phone} extra="手机号码与电子邮箱至少填写一项">
        <TextInput {...bind('phone')} maxLength={11} autoComplete="tel" inputMode="tel" />
      </FormItem>
      <FormItem htmlFor={id('email')} label="电子邮箱" error={errors.email}>
        <TextInput {...bind('email')} maxLength={128} autoComplete="email" inputMode="email" />
      </FormItem>
      <FormItem htmlFor={id('message')} label="合作意向说明" required error={errors.message}>
        <CountedTextArea {...bind('message')} rows={4} maxLength={PURCHASE_MESSAGE_MAX} placeholder="请说明合作内容、期望方式等" />
      </FormItem>
      <FormItem htmlFor={id('captchaCode')} label="验证码" required error={errors.captchaCode}>
        <div className="dl-compact">
          <TextInput {...bind('captchaCode')} placeholder="请输入图中字符" maxLength={8} autoComplete="off" />
          <button type="button" className="dl-captcha-image" onClick={newCaptcha} title="看不清？换一张" aria-label="看不清？换一张">
            {captcha.data && !captcha.isFetching ? (
              <img src={captcha.data.image} alt="验证码" />
            ) : captcha.isError && !captcha.isFetching ? (
              <span>点击重新获取</span>
            ) : (
              <span className="dl-spinner dl-captcha-image__spinner" role="img" aria-label="加载中" />
            )}
          </button>
        </div>
      </FormItem>
      {refusal && <PlainErrorAlert className="dl-purchase-form__refusal">{refusal}</PlainErrorAlert>}
      <PortalButton type="submit" variant="primary" className={['dl-purchase-form__submit', submitting && 'dl-btn--loading'].filter(Boolean).join(' ')} icon={submitting ? <span className="dl-spinner" /> : undefined} aria-busy={submitting}>
        提交合作意向
      </PortalButton>
    </form>
  );
}
