import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4102';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
const login = await page.request.post(base + '/callback?client_name=myform_client', { data: { username: 'admin', password: 'Admin@2026!' } });
const token = (await login.json()).data.token;
const api = async (path, data) => (await page.request.post(base + path, { headers: { authorization: token }, data })).json();
if (process.env.SEED) {
  const tree = await api('/rest/content/getCatalogTree', {});
  const catalogId = tree.data[0]?.children?.[0]?.catalogId ?? tree.data[0]?.catalogId;
  for (let i = 0; i < 3; i++) {
    const r = await api('/rest/content/add', { catalogId, title: `关于进一步做好2026年度科技创新项目申报和评审工作的通知（第${i + 1}批）`, author: '科技处', publishTime: null });
    if (r.code !== '0000') console.log(JSON.stringify(r).slice(0, 300));
    else await api('/rest/content/publish', { contentId: r.data.contentId, lockVersion: r.data.lockVersion });
  }
}
await page.goto(base + '/login');
await page.getByLabel('用户名', { exact: true }).fill('admin');
await page.getByLabel('密码', { exact: true }).fill('Admin@2026!');
await page.getByRole('button', { name: '登录', exact: true }).click();
await page.waitForURL(/\/home$/);
const pages = (process.env.PAGES ?? 'content:/cms/content/contentList,user:/system/user/userList,site:/cms/setting/settingMain,sms:/message/sms/smsList,func:/system/func/funcList,dict:/base/dict/dictList,org:/system/org/orgList').split(',');
const suffix = process.env.SUFFIX ?? '';
for (const entry of pages) {
  const [name, path] = entry.split(':');
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  const info = await page.evaluate(() => [...document.querySelectorAll('.ant-table-content, .ant-table-body')].map((el) => ({ client: el.clientWidth, scroll: el.scrollWidth, headers: [...el.closest('.ant-table').querySelectorAll('thead th')].map((th) => `${th.textContent}@${Math.round(th.getBoundingClientRect().right)}`).join(' ') })));
  console.log(name, JSON.stringify(info));
  await page.screenshot({ path: `/work/shots/lists/${name}-1366${suffix}.png` });
}
if (!process.env.NOSMALL) {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(base + '/system/user/userList');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/work/shots/lists/user-375${suffix}.png` });
  const w = await page.evaluate(() => document.querySelector('.ant-table')?.getBoundingClientRect().width);
  console.log('user 375 table width', w);
}
await browser.close();
