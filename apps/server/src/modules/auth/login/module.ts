/**
 * Signing in and out: the password and SMS-code sign-in of /callback, /logout and the pre-login check.
 * The login service exists before the routes: single sign-on completes its sign-ins through it.
 */
export { createLoginService, createPhoneCodeSignIn, lockedMessage, ACCOUNT_FROZEN, CAPTCHA_WRONG, type ClientMeta, type SecondFactor, type LoginResult, type LoginService, type SignInOutcome } from './service';
export { registerLoginRoutes, clientMeta, type ExternalSignIn } from './routes';
export { toUserInfo, type UserInfo } from './userInfo';
