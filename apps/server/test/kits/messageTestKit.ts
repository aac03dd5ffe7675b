/**
 * Test support for the messaging tests: an organisation tree, users placed in it with roles, signed
 * in, and uploads. Used by *.test.ts files only.
 */
import { eq, inArray } from 'drizzle-orm';
import { createAccount, signIn } from '../helpers/accounts';
import { post, type TestContext } from '../helpers/testApp';
import { TEST_ADMIN_PASSWORD } from '../helpers/testDatabase';
import { createdBy } from '../../src/core/records';
import { sysFunc } from '../../src/modules/system/func/tables';
import { sysOrg } from '../../src/modules/system/org/tables';
import { sysRole, sysRoleFunc } from '../../src/modules/system/role/tables';
import { sysUser } from '../../src/modules/system/user/tables';

export const PASSWORD = 'Reader@2026x';

export interface Person {
  id: number;
  username: string;
  token: string;
  headers: Record<string, string>;
}

/** An organisation under `parent` (or at the top). */
export async function createOrg(ctx: TestContext, code: string, name: string, parent: { id: number; parentOrgIds: string } | null = null) {
  const [row] = await ctx.database.db
    .insert(sysOrg)
    .values({ orgCode: code, orgName: name, parentOrgId: parent?.id ?? null, parentOrgIds: parent ? (parent.parentOrgIds ? `${parent.parentOrgIds},${parent.id}` : String(parent.id)) : '', ...createdBy(null) })
    .returning();
  return row!;
}

/** A role holding exactly `funcCodes`. */
export async function createRole(ctx: TestContext, roleCode: string, funcCodes: string[] = []) {
  const [role] = await ctx.database.db.insert(sysRole).values({ roleCode, roleName: `角色${roleCode}`, roleType: 'CENTER', ...createdBy(null) }).returning();
  if (funcCodes.length) {
    const funcs = await ctx.database.db.select({ id: sysFunc.id }).from(sysFunc).where(inArray(sysFunc.funcCode, funcCodes));
    if (funcs.length !== funcCodes.length) throw new Error(`unknown function codes among ${funcCodes.join(', ')}`);
    await ctx.database.db.insert(sysRoleFunc).values(funcs.map((f) => ({ roleId: role!.id, funcId: f.id })));
  }
  return role!;
}

/** A user with roles and an organisation, signed in. */
export async function createPerson(ctx: TestContext, username: string, options: { roleCodes?: string[]; orgId?: number | null; phone?: string; email?: string } = {}): Promise<Person> {
  const user = await createAccount(ctx.database, { username, password: PASSWORD, roleCodes: options.roleCodes ?? [], phone: options.phone });
  await ctx.database.db
    .update(sysUser)
    .set({ orgId: options.orgId ?? null, email: options.email ?? null })
    .where(eq(sysUser.id, user.id));
  const token = await signIn(ctx.app, username, PASSWORD);
  return { id: user.id, username, token, headers: { authorization: token } };
}

export async function signInAdmin(ctx: TestContext): Promise<Record<string, string>> {
  return { authorization: await signIn(ctx.app, 'admin', TEST_ADMIN_PASSWORD) };
}

// A real 1×1 PNG.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a file as the browser would; answers its fileId. */
export async function upload(ctx: TestContext, headers: Record<string, string>, filename: string, bytes: Buffer = PNG): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/auth/webUpload',
    headers: { 'content-type': encoded.headers.get('content-type')!, ...headers },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.fileId;
}

/** The minimal body of a notice for everyone. */
export const noticeOf = (title: string, extra: Record<string, unknown> = {}) => ({ title, content: `<p>${title}的正文</p>`, ...extra });

/** Adds a notice as the administrator and answers it (release: true releases it at once). */
export async function addNotice(ctx: TestContext, admin: Record<string, string>, body: Record<string, unknown>) {
  const res = await post(ctx.app, '/rest/noticeService/addNotice', body, admin);
  if (res.status !== 200) throw new Error(`addNotice failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { noticeId: string; lockVersion: number; status: string };
}

/** The notice ids a user sees in their inbox, in order. */
export async function inboxOf(ctx: TestContext, person: Person, body: Record<string, unknown> = {}): Promise<string[]> {
  const res = await post(ctx.app, '/rest/noticeService/getNoticeByUserPage', { pageParameter: { pageNum: 1, pageSize: 100 }, ...body }, person.headers);
  if (res.status !== 200) throw new Error(`getNoticeByUserPage failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.list.map((n: { noticeId: string }) => n.noticeId);
}
