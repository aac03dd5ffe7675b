/** The captcha service's type where the cms area imports it today; its facade is `CaptchaService` of ./module. */
export type { CaptchaService } from './captcha/module';
