// Demo data for the portal screenshots and the benchmark: signs in as the administrator and
// releases a few public notices (messaging), so the home page's notice card has something to show.
// Usage: node bench/portal/seedDemo.mjs http://127.0.0.1:PORT  (ADMIN_PASSWORD as the server's)
const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const password = process.env.ADMIN_PASSWORD ?? 'Admin@2026!';

async function call(path, body, token) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== '0000' && json.rtnCode !== '0000') throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data ?? json.dataSet;
}

const login = await call('/callback?client_name=myform_client', { username: 'admin', password });
const token = login.token;
const notices = [
  ['关于开展2026年度科学技术奖提名工作的通知', 'URGENT'],
  ['2026年度科学技术奖提名材料形式审查结果公告', 'IMPORTANT'],
  ['关于申报系统维护升级的公告', 'NORMAL'],
];
for (const [title, priority] of notices) {
  await call('/rest/noticeService/addNotice', { title, content: `<p>${title}。请各提名单位和申报人按要求做好相关工作。</p>`, priority, isPublic: true, release: true }, token);
}
console.log(`released ${notices.length} public notices`);
