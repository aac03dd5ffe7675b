import { Secret, TOTP } from 'otpauth';
import { eq } from 'drizzle-orm';
import { buildApp, type DandelionApp } from '../../../app';
import { post, testConfig, type TestContext } from '../../../../test/helpers/testApp';
import { resetDatabase, testDatabase } from '../../../../test/helpers/testDatabase';
import { sysUserTwoFactor } from './tables';

/** A fresh installation whose app has the setting on: system administrators must enrol. */
export async function createTwoFactorApp(): Promise<TestContext> {
  const database = await testDatabase();
  await resetDatabase(database);
  const app = await buildApp({ config: { ...testConfig, TWO_FACTOR_REQUIRED_FOR_ADMINS: true, TWO_FACTOR_TRUSTED_DEVICE_DAYS: 30 }, database, serveWeb: false });
  await app.ready();
  return { app, database };
}

/**
 * The code an authenticator app shows for the manual key (a real RFC 6238 generator, not ours), `steps`
 * periods from now: the server takes one step either side, so a test gets up to three fresh codes per period.
 */
export function totpCode(manualKey: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(manualKey.replace(/\s/g, '')) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/**
 * The code of the step before now, taken where at least `marginMs` of the current period is left (waiting for
 * the next period to begin otherwise). The server accepts one step either side of its own clock: a code of the
 * step before that reached it after the period turned would be two steps old and refused, which a loaded
 * machine's slow answer made happen.
 */
export async function codeOfStepBefore(manualKey: string, marginMs = 10_000): Promise<string> {
  const leftInPeriod = 30_000 - (Date.now() % 30_000);
  if (leftInPeriod < marginMs) await new Promise((resolve) => setTimeout(resolve, leftInPeriod + 50));
  return totpCode(manualKey, -1);
}

/** As if the authenticator's last accepted code were long ago: the next current code is fresh again. */
export async function forgetLastStep(ctx: TestContext, userId: number): Promise<void> {
  await ctx.database.db.update(sysUserTwoFactor).set({ lastTimeStep: 0 }).where(eq(sysUserTwoFactor.userId, userId));
}

export const LOGIN = '/callback?client_name=myform_client';

/** The first step; answers the whole reply (a session or the challenge). */
export const passwordStep = (app: DandelionApp, username: string, password: string, extra: Record<string, unknown> = {}, ip = '127.0.0.1') =>
  post(app, LOGIN, { username, password, ...extra }, {}, { remoteAddress: ip });

/** Enrols the signed-in user with a real generator; answers the manual key and the recovery codes. */
export async function enrol(app: DandelionApp, token: string): Promise<{ manualKey: string; recoveryCodes: string[] }> {
  const begun = await post(app, '/rest/twoFactor/beginEnrol', {}, { authorization: token });
  if (begun.status !== 200) throw new Error(`beginEnrol: ${JSON.stringify(begun.body)}`);
  const { manualKey } = begun.body.data;
  // The step before now: later sign-ins in the same period still have two fresh steps.
  const confirmed = await post(app, '/rest/twoFactor/confirmEnrol', { code: await codeOfStepBefore(manualKey) }, { authorization: token });
  if (confirmed.status !== 200) throw new Error(`confirmEnrol: ${JSON.stringify(confirmed.body)}`);
  return { manualKey, recoveryCodes: confirmed.body.data.recoveryCodes };
}

/** Password then code: a signed-in token of an enrolled user. */
export async function signInWithCode(app: DandelionApp, username: string, password: string, manualKey: string, steps = 0): Promise<string> {
  const first = await passwordStep(app, username, password);
  const second = await post(app, '/rest/twoFactor/verifyLogin', { challenge: first.body.data.challenge, code: totpCode(manualKey, steps) });
  if (second.status !== 200) throw new Error(`verifyLogin: ${JSON.stringify(second.body)}`);
  return second.body.data.token;
}
