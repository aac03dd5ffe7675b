import type { FastifyInstance } from 'fastify';
import type { PasswordService } from './passwordService';
import { registerPasswordRoutes } from './passwordRoutes';
import type { ProfileService } from './profileService';
import { registerProfileRoutes } from './profileRoutes';
import type { RegisterService } from './registerService';
import { registerRegistrationRoutes } from './registerRoutes';

/** Registration, password recovery and change, binding and identity verification. */
export function registerAccountRoutes(app: FastifyInstance, deps: { register: RegisterService; passwords: PasswordService; profile: ProfileService }) {
  registerRegistrationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerProfileRoutes(app, deps);
}
