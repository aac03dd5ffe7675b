/**
 * Test helpers of the log module (imported by its tests only): an account holding exactly the
 * given permission codes, and waiting for the log writers.
 */
import { inArray } from 'drizzle-orm';
import { createdBy } from '../../src/core/records';
import { sysFunc, sysRole, sysRoleFunc } from '../../src/db/schema';
import { createAccount, signIn } from '../helpers/accounts';
import type { TestContext } from '../helpers/testApp';

/** Signs in a new account whose one role grants exactly `codes`; answers its headers. */
export async function sessionWithCodes(ctx: TestContext, username: string, codes: string[]): Promise<Record<string, string>> {
  const db = ctx.database.db;
  const roleCode = `R_${username.toUpperCase()}`;
  const [role] = await db.insert(sysRole).values({ roleCode, roleName: `角色${username}`, ...createdBy(null) }).returning();
  if (codes.length) {
    const funcs = await db.select({ id: sysFunc.id }).from(sysFunc).where(inArray(sysFunc.funcCode, codes));
    if (funcs.length !== codes.length) throw new Error(`unknown function codes among ${codes.join(', ')}`);
    await db.insert(sysRoleFunc).values(funcs.map((f) => ({ roleId: role!.id, funcId: f.id })));
  }
  const password = 'Log@2026xx';
  await createAccount(ctx.database, { username, password, roleCodes: [roleCode] });
  return { authorization: await signIn(ctx.app, username, password) };
}

/** Writes what the log writers hold (interface calls, page views), as closing the app would. */
export function flushLogs(ctx: TestContext): Promise<void> {
  return ctx.app.logWriters.flush();
}

