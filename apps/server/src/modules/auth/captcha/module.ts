/**
 * Image captchas (/rest/captcha/png). The service exists before the routes: the sign-in's brute-force
 * defence and the portal's complaint form check captchas.
 */
export { createCaptchaService, type CaptchaService } from './service';
export { registerCaptchaRoutes } from './routes';
