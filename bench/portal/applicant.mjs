// A signed-in applicant for the portal bench's /center: the administrator adds a user with the 申报人 role
// (APPLICANT, whose centre opens on 我的申报) and the user signs in; answers the stored session the login page
// would write, for `localStorage.dandelion__session`.
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026!';
const APPLICANT_PASSWORD = 'Bench#2026pass';

async function call(baseUrl, method, path, body, token) {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== '0000') throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
  return json.data;
}

const signIn = (baseUrl, username, password) => call(baseUrl, 'POST', '/callback?client_name=myform_client', { username, password });

/** Adds a fresh applicant (unique name per call) and answers their stored session. */
export async function applicantSession(baseUrl) {
  const admin = await signIn(baseUrl, 'admin', ADMIN_PASSWORD);
  const roles = await call(baseUrl, 'GET', '/api/role', null, admin.token);
  const applicant = roles.find((r) => r.roleCode === 'APPLICANT');
  if (!applicant) throw new Error('no APPLICANT role among the assignable roles');
  const [root] = await call(baseUrl, 'POST', '/rest/organ/tree', {}, admin.token);
  if (!root) throw new Error('no organisation to place the applicant in');
  const stamp = Date.now().toString().slice(-8);
  const username = `benchapp${stamp}`;
  await call(baseUrl, 'POST', '/api/service', {
    id: 0,
    username,
    realname: '申报测试',
    phone: `139${stamp}`,
    email: `${username}@example.com`,
    orgId: root.orgId,
    roleIds: [applicant.roleId],
    password: APPLICANT_PASSWORD,
  }, admin.token);
  const session = await signIn(baseUrl, username, APPLICANT_PASSWORD);
  return { token: session.token, userInfo: session.userInfo, expiresAt: Date.now() + 3_600_000, method: 'password' };
}
