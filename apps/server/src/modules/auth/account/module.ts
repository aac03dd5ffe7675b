import type { FastifyInstance } from 'fastify';
import { createPasswordService, type PasswordDeps } from './password';
import { createProfileService } from './profile';
import { createRegistrationService } from './register';
import { registerAccountRoutes } from './routes';

type RegistrationDeps = Parameters<typeof createRegistrationService>[0];
export type AccountDeps = PasswordDeps & {
  users: PasswordDeps['users'] & RegistrationDeps['users'];
  codes: PasswordDeps['codes'] & RegistrationDeps['codes'];
  captchas: RegistrationDeps['captchas'];
  login: RegistrationDeps['login'];
};

/** The account's own calls: registration, password recovery and change, binding, identity verification. */
export function registerAccountModule(app: FastifyInstance, deps: AccountDeps): void {
  registerAccountRoutes(app, {
    registration: createRegistrationService(deps),
    passwords: createPasswordService(deps),
    profile: createProfileService(deps),
  });
}
