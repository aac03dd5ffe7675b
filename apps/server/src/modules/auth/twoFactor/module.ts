/**
 * Two-factor sign-in (TOTP) for administrators: enrolment, recovery codes, trusted devices and the
 * second step of the sign-in. The service exists before the login service (which asks it for the
 * second step) and the sessions' principals (which carry "enrolment due").
 */
export { createTwoFactorService, holdsSystemAdministration, MAX_CHALLENGE_ATTEMPTS, type TwoFactorPolicy, type TwoFactorService } from './service';
export { registerTwoFactorRoutes } from './routes';
export { createSecretCipher } from './totp';
