import { eq } from 'drizzle-orm';
import type { Database } from '../../src/core/db';
import { createdBy } from '../../src/core/records';
import { hashPassword } from '../../src/core/password';
import { sysRole } from '../../src/modules/system/role/tables';
import { sysUser, sysUserRole } from '../../src/modules/system/user/tables';
import type { DandelionApp } from '../../src/app';
import { post } from './testApp';

/** Creates an account the way an administrator would end up with one: a user row and its roles. */
export async function createAccount(database: Database, input: { username: string; password: string; phone?: string; roleCodes?: string[]; status?: string }) {
  const [user] = await database.db
    .insert(sysUser)
    .values({ username: input.username, passwordHash: await hashPassword(input.password), realname: `测试${input.username}`, phone: input.phone, status: input.status ?? 'NORMAL', userType: 'CLIENT', ...createdBy(null) })
    .returning();
  for (const code of input.roleCodes ?? []) {
    const [role] = await database.db.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.roleCode, code));
    await database.db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  }
  return user!;
}

export async function signIn(app: DandelionApp, username: string, password: string): Promise<string> {
  const res = await post(app, '/callback?client_name=myform_client', { username, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}
