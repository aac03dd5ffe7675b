#!/usr/bin/env node
// Messaging benchmark: what the bell's poll costs. Every signed-in console tab asks
// POST /rest/noticeService/getHeaderNotice every 20 s (docs/messaging.md), so its throughput bounds
// how many open consoles one instance carries: N tabs ≈ N / 20 requests per second.
// The built server on PGlite, 300 notices (100 for everyone, 50 for the reader's role, 50 for the
// reader alone, 100 drafts) and 50 unread messages; then the poll and the inbox page under load.
// Writes bench/results/messaging.json; exits non-zero when any request failed.
import autocannon from 'autocannon';
import { machineInfo, waitForQuiet } from '../lib/machine.mjs';
import { isMain } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION) || 10;
const POLL_INTERVAL_S = 20;

async function call(base, path, body, token) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (json.code !== '0000') throw new Error(`${path}: ${res.status} ${json.msg}`);
  return json.data;
}

function load(url, token, body) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', connections: CONNECTIONS, duration: DURATION_S, timeout: 10, body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: token } },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const figures = (r) => ({
  requestsPerSec: round(r.requests.average, 1),
  requestsTotal: r.requests.total,
  latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

export async function runMessagingBench() {
  const dataDir = makeTempDir('messaging');
  const server = await startServer({ dataDir });
  try {
    const admin = (await call(server.url, '/callback?client_name=myform_client', { username: 'admin', password: ADMIN_PASSWORD })).token;
    const options = await call(server.url, '/rest/noticeService/getAudienceOptions', {}, admin);
    const adminRole = options.roles.find((r) => r.roleCode === 'ADMIN').roleId;
    const [me] = await call(server.url, '/rest/noticeService/searchAudienceUsers', { keyword: 'admin' }, admin);
    const seedStarted = Date.now();
    for (let i = 0; i < 300; i++) {
      const scoped = i >= 100 && i < 150 ? { audienceType: 'SCOPED', roleIds: [adminRole] } : i >= 150 && i < 200 ? { audienceType: 'SCOPED', userIds: [me.userId] } : {};
      await call(server.url, '/rest/noticeService/addNotice', { title: `基准通知${i}`, content: `<p>第 ${i} 条通知的正文</p>`, ...scoped, release: i < 200 }, admin);
    }
    const template = await call(server.url, '/rest/templateService/addTemplate', { templateCode: 'BENCH', templateName: '基准', channel: 'SITE', title: '消息${n}', content: '内容${n}' }, admin);
    for (let i = 0; i < 50; i++) await call(server.url, '/rest/templateService/sendMsg', { templateId: template.templateId, userIds: [me.userId], values: { n: String(i) } }, admin);
    const seedMs = Date.now() - seedStarted;
    const header = await call(server.url, '/rest/noticeService/getHeaderNotice', {}, admin);
    if (header.noticeUnread !== 200 || header.msgUnread !== 50) throw new Error(`unexpected unread counts ${header.noticeUnread}/${header.msgUnread}`);

    const machineBefore = await waitForQuiet('messaging');
    const poll = figures(await load(`${server.url}/rest/noticeService/getHeaderNotice`, admin, { limit: 5 }));
    const inbox = figures(await load(`${server.url}/rest/noticeService/getNoticeByUserPage`, admin, { pageParameter: { pageNum: 1, pageSize: 10 }, readFlag: 0 }));
    const result = {
      engine: 'pglite',
      machine: machineInfo(),
      machineBefore,
      data: { releasedNotices: 200, drafts: 100, unreadMessages: 50, seedMs },
      connections: CONNECTIONS,
      durationS: DURATION_S,
      headerPoll: { ...poll, openTabsCarried: Math.floor(poll.requestsPerSec * POLL_INTERVAL_S) },
      inboxPage: inbox,
    };
    const file = writeResult('messaging.json', result);
    printTable(
      ['call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'open tabs at one poll / 20 s'],
      [
        ['getHeaderNotice', poll.requestsPerSec, poll.latencyMs.p50, poll.latencyMs.p99, poll.non2xx, result.headerPoll.openTabsCarried],
        ['getNoticeByUserPage', inbox.requestsPerSec, inbox.latencyMs.p50, inbox.latencyMs.p99, inbox.non2xx, '-'],
      ],
      { title: `messaging (${file})` },
    );
    const failed = [poll, inbox].some((r) => r.non2xx || r.errors || r.timeouts || !r.requestsTotal);
    if (failed) throw new Error('some requests failed');
    return result;
  } finally {
    await server.stop({ timeoutMs: 10_000 });
    removeDir(dataDir);
  }
}

if (isMain(import.meta.url)) {
  runMessagingBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
