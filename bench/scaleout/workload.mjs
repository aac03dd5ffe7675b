// The scale-out's mixed load and its correctness checks, shared by the bench and the npm-test form.
import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_PASSWORD } from './cluster.mjs';

const UPLOAD_FIELDS = { sendSysName: '蒲公英控制台', sendSysCode: 'dandelion-web', sendReqTime: '20261126120000', recvSysName: '文件服务', recvSysCode: 'fms' };
// A 1×1 PNG; random bytes after IEND make every upload a different file.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** One request; never throws: a failure is an answer with status 0 and the error. */
export async function call(base, method, path, { body, token, headers = {}, form, timeoutMs = 30_000 } = {}) {
  const startedAt = Date.now();
  let res = null;
  try {
    res = await fetch(base + path, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}), is_ajax_request: 'true', ...headers },
      body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    let json = null;
    if (String(res.headers.get('content-type')).includes('json')) json = JSON.parse(buf.toString('utf8'));
    return { status: res.status, json, buf, upstream: res.headers.get('x-upstream') ?? '', startedAt, endedAt: Date.now() };
  } catch (err) {
    // An answer cut off after its headers (its instance killed while the body streamed) still names its upstream.
    return { status: 0, json: null, buf: null, upstream: res?.headers.get('x-upstream') ?? '', error: err.cause?.code ?? err.message, startedAt, endedAt: Date.now() };
  }
}

export async function signIn(base) {
  const res = await call(base, 'POST', '/callback?client_name=myform_client', { body: { username: 'admin', password: ADMIN_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.error ?? JSON.stringify(res.json)}`);
  return res.json.data.token;
}

/** Posts (岗位) whose `sort` counts the acknowledged updates: each update reads it and writes it + 1 under lockVersion. */
export async function createCounters(base, token, count, tag) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    const res = await call(base, 'POST', '/rest/postService/addPost', { token, body: { postCode: `SC_${tag}_C${i}`, postName: `扩容计数${i}`, sort: 0 } });
    if (res.status !== 200) throw new Error(`could not create counter post: ${res.status} ${JSON.stringify(res.json)}`);
    ids.push(String(res.json.data.postId));
  }
  return ids;
}

/**
 * Drives the mixed load through `base` for `durationMs` with `concurrency` workers: portal index and
 * search, a console list, counter updates under optimistic locks (409 → read again and retry), new
 * records, sign-ins (the new session used at once), uploads and downloads of earlier uploads.
 * Answers what was acknowledged (to verify afterwards) and every failed request.
 */
export async function runMix({ base, token, counters, durationMs, concurrency, tag }) {
  const acked = { creates: [], increments: new Map(counters.map((id) => [id, 0])), baselines: new Map(), uploads: [] };
  // Earlier runs left the counters where they are: this run's increments are counted from here.
  for (const id of counters) {
    const res = await call(base, 'POST', '/rest/postService/getPostById', { token, body: { postId: id } });
    if (res.status !== 200) throw new Error(`counter ${id} unreadable before the run: ${res.status}`);
    acked.baselines.set(id, res.json.data.sort);
  }
  const failures = [];
  const counts = { requests: 0, byKind: {} };
  const stopAt = Date.now() + durationMs;
  const record = (kind, res, ok) => {
    counts.requests += 1;
    counts.byKind[kind] = (counts.byKind[kind] ?? 0) + 1;
    if (!ok) failures.push({ kind, status: res.status, error: res.error, upstream: res.upstream, startedAt: res.startedAt, endedAt: res.endedAt, msg: res.json?.msg ?? res.json?.rtnMessage });
    return ok;
  };
  let sequence = 0;
  async function worker(w) {
    let session = token;
    for (let i = 0; Date.now() < stopAt; i++) {
      // Workers start at different points of the 20-step mix, so even a short run does every kind of request.
      const slot = (w * 5 + i) % 20;
      if (slot < 5) {
        const res = await call(base, 'POST', '/rest/cms/index', { body: {} });
        record('portal', res, res.status === 200);
      } else if (slot < 7) {
        const res = await call(base, 'POST', '/rest/content/searchContent', { body: { keyword: '通知' } });
        record('search', res, res.status === 200);
      } else if (slot < 10) {
        const res = await call(base, 'POST', '/rest/postService/getPostByPage', { token: session, body: { pageParameter: { page: 1, rows: 10 } } });
        record('list', res, res.status === 200);
      } else if (slot < 14) {
        await increment(counters[(w + i) % counters.length]);
      } else if (slot < 16) {
        const code = `SC_${tag}_${w}_${(sequence += 1)}`;
        const res = await call(base, 'POST', '/rest/postService/addPost', { token: session, body: { postCode: code, postName: `扩容新增${sequence}` } });
        if (record('create', res, res.status === 200)) acked.creates.push({ postId: String(res.json.data.postId), code });
      } else if (slot === 16) {
        const res = await call(base, 'POST', '/callback?client_name=myform_client', { body: { username: 'admin', password: ADMIN_PASSWORD } });
        if (record('signIn', res, res.status === 200)) session = res.json.data.token;
      } else if (slot === 17) {
        const bytes = Buffer.concat([PNG, randomBytes(16)]);
        const form = new FormData();
        for (const [k, v] of Object.entries(UPLOAD_FIELDS)) form.append(k, v);
        form.append('file', new Blob([bytes], { type: 'image/png' }), `scaleout-${w}-${i}.png`);
        const res = await call(base, 'POST', '/auth/webUpload', { token: session, form });
        // Uploads are limited to 60 a minute per user, counted across the instances: a 429 here is that limit at work.
        if (res.status === 429 && res.json?.msg) {
          counts.requests += 1;
          counts.byKind.uploadLimited = (counts.byKind.uploadLimited ?? 0) + 1;
        } else if (record('upload', res, res.status === 200)) acked.uploads.push({ url: res.json.data.url, sha256: sha256(bytes) });
      } else if (slot === 18 && acked.uploads.length) {
        const file = acked.uploads[(w + i) % acked.uploads.length];
        const res = await call(base, 'GET', withToken(file.url, session));
        record('download', res, res.status === 200 && sha256(res.buf) === file.sha256);
      } else {
        const res = await call(base, 'POST', '/rest/dict/getdictlists', { token: session, body: { dictCategorys: ['SITE_STATUS'] } });
        record('dict', res, res.status === 200);
      }
    }
    async function increment(id) {
      for (let attempt = 0; attempt < 20 && Date.now() < stopAt + 5_000; attempt++) {
        const read = await call(base, 'POST', '/rest/postService/getPostById', { token: session, body: { postId: id } });
        if (!record('read', read, read.status === 200)) return;
        const row = read.json.data;
        const res = await call(base, 'POST', '/rest/postService/updatePost', {
          token: session,
          body: { postId: id, postCode: row.postCode, postName: row.postName, sort: row.sort + 1, lockVersion: row.lockVersion },
        });
        // 409: another worker updated it first; read again. Not a failure: it is what the lock is for.
        if (res.status === 409) {
          counts.requests += 1;
          counts.byKind.conflict = (counts.byKind.conflict ?? 0) + 1;
          continue;
        }
        if (record('update', res, res.status === 200)) acked.increments.set(id, acked.increments.get(id) + 1);
        return;
      }
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const seconds = (Date.now() - started) / 1000;
  return { acked, failures, counts, seconds, requestsPerSec: counts.requests / seconds };
}

const sha256 = (buf) => createHash('sha256').update(buf).digest('hex');
const withToken = (url, token) => `${url}${url.includes('?') ? '&' : '?'}authorization=${encodeURIComponent(token)}`;

/**
 * After the load: each acknowledged new record is stored; each counter's stored value is at least its
 * acknowledged increments (fewer would be a lost update) and exceeds them by no more than the updates
 * that failed in flight (a commit whose answer died with the instance); each upload downloads, same bytes,
 * from every live instance. Answers the problems found (empty: all held).
 */
export async function verifyStored({ bases, token, acked, failures }) {
  const problems = [];
  for (const { postId, code } of acked.creates) {
    const res = await call(bases[0], 'POST', '/rest/postService/getPostById', { token, body: { postId } });
    if (res.status !== 200 || res.json.data.postCode !== code) problems.push(`acknowledged new post ${code} not stored (${res.status})`);
  }
  const inFlightUpdates = failures.filter((f) => f.kind === 'update').length;
  for (const [postId, count] of acked.increments) {
    const res = await call(bases[0], 'POST', '/rest/postService/getPostById', { token, body: { postId } });
    const stored = res.json?.data?.sort - (acked.baselines.get(postId) ?? 0);
    if (res.status !== 200) problems.push(`counter ${postId} unreadable (${res.status})`);
    else if (stored < count) problems.push(`lost update on counter ${postId}: ${count} increments acknowledged, ${stored} stored`);
    else if (stored > count + inFlightUpdates) problems.push(`counter ${postId}: ${stored} increments stored, more than ${count} acknowledged + ${inFlightUpdates} in flight`);
  }
  for (const base of bases) {
    for (const file of acked.uploads) {
      const res = await call(base, 'GET', withToken(file.url, token));
      if (res.status !== 200 || sha256(res.buf) !== file.sha256) problems.push(`upload ${file.url} not served by ${base} (${res.status})`);
    }
  }
  return problems;
}

/**
 * Failures allowed by a kill: each went to the killed instance (nginx's X-Upstream names it) and was sent
 * before it had died (`diedAt`: its exit was seen, its sockets closed). A request that reaches nginx later
 * must be answered by a survivor: a refused connection is retried elsewhere, the request was never sent.
 */
export function failuresOutsideKill(failures, { killedPort, diedAt }) {
  return failures.filter((f) => !(f.startedAt <= diedAt && f.upstream.split(', ').every((u) => u === `127.0.0.1:${killedPort}`)));
}

/** A session made through the balancer works on every instance; signed out on one, it is refused on all. */
export async function checkSessions({ front, bases }) {
  const token = await signIn(front);
  const list = (base) => call(base, 'POST', '/rest/postService/getPostByPage', { token, body: { pageParameter: { page: 1, rows: 1 } } });
  const before = await Promise.all(bases.map(list));
  const out = await call(bases[0], 'POST', '/logout', { token, body: {} });
  const after = [];
  for (const base of bases.slice(1)) after.push(await eventually(async () => (await list(base)).status === 401));
  return { validEverywhere: before.every((r) => r.status === 200), signedOut: out.status === 200, refusedEverywhereAfter: after.every(Boolean) };
}

/** A dictionary item added on one instance is listed by the others (their caches invalidated through the bus). */
export async function checkCache({ bases, token, categoryId, tag }) {
  const read = async (base) => (await call(base, 'POST', '/rest/dict/getdictlists', { token, body: { dictCategorys: ['CATALOG_STATUS'] } })).json?.data?.CATALOG_STATUS ?? [];
  // Every instance reads (and caches) the category first.
  for (const base of bases) await read(base);
  const name = `扩容${tag}`;
  const added = await call(bases[0], 'POST', '/rest/dictItem/add', { token, body: { parentId: String(categoryId), dictCode: `SC${tag}`.slice(0, 32), dictName: name } });
  if (added.status !== 200) return { added: false, seenEverywhere: false, detail: `${added.status} ${JSON.stringify(added.json)}` };
  const seen = [];
  for (const base of bases.slice(1)) seen.push(await eventually(async () => (await read(base)).some((i) => i.label === name)));
  return { added: true, seenEverywhere: seen.every(Boolean) };
}

/** The complaint form's limit (5 per address in 10 minutes) counted once across the instances behind the balancer. */
export async function checkRateLimit({ front, ip }) {
  const statuses = [];
  const upstreams = new Set();
  for (let i = 0; i < 6; i++) {
    const res = await call(front, 'POST', '/rest/complain/addComplain', { body: {}, headers: { 'x-forwarded-for': ip } });
    statuses.push(res.status);
    upstreams.add(res.upstream);
  }
  const last = await call(front, 'POST', '/rest/complain/addComplain', { body: {}, headers: { 'x-forwarded-for': ip } });
  return { statuses, upstreams: [...upstreams], sixth: statuses[5], message: last.json?.rtnMessage };
}

/** Polls `check` until true, within a bound (never a timing assertion: the bound only stops a hang). */
async function eventually(check, boundMs = 10_000) {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
