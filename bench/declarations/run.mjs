#!/usr/bin/env node
// Declarations at the scale of a provincial edition: 10 000 declarations with 10 completers and 3
// units each in one edition, on PostgreSQL, through the built server. Measures the prize office's
// list (/rest/declare/getDeclarePage: default view, the usual filters, a deep page) and the
// pre-submission check (/rest/declare/check) of a full declaration — p50/p95 of sequential calls
// against the issue's targets (list p95 ≤ 50 ms, check p95 ≤ 100 ms).
// Needs DATABASE_URL (a throwaway database is created and dropped). Writes bench/results/declarations.json.
import path from 'node:path';
import pg from 'pg';
import { createBenchDatabase } from '../lib/db.mjs';
import { machineInfo, waitForQuiet, warnIfBusy } from '../lib/machine.mjs';
import { postJson } from '../lib/net.mjs';
import { isMain } from '../lib/paths.mjs';
import { percentile, printTable, round, writeResult } from '../lib/report.mjs';
import { ADMIN_PASSWORD, makeTempDir, removeDir, startServer } from '../lib/server.mjs';
import { contentOf, creditCode, personName, planOf, projectTitle, residentId } from './seed.mjs';

const BENCH_DB = 'dandelion_bench_declarations';
const DECLARATIONS = Math.max(1_000, Number(process.env.BENCH_DECLARATIONS) || 10_000);
const COMPLETERS = 10;
const UNITS = 3;
const UNIT_ORGS = 60;
const NOMINATOR_ORGS = 12;
const WARMUP = 3;
const SAMPLES = Math.min(200, Math.max(5, Number(process.env.BENCH_DECLARATION_SAMPLES) || 40));
const TARGETS = { listP95Ms: 50, checkP95Ms: 100 };
const BATCH = 500;

/** Multi-row INSERT of `rows` (arrays in `columns` order), in batches. */
async function insertRows(client, table, columns, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const params = [];
    const values = chunk.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(',')})`);
    await client.query(`insert into ${table} (${columns.join(',')}) values ${values.join(',')}`, params);
  }
}

async function one(client, sql, params = []) {
  return (await client.query(sql, params)).rows[0];
}

/** Orgs, applicants, one published edition in its declaration window, the declarations and their people. */
export async function seed(client, say) {
  const root = await one(client, `select id from sys_org where org_code = 'ROOT' and del_flag = 0`);
  const orgRows = [];
  for (let i = 1; i <= UNIT_ORGS; i++) orgRows.push([`BU${i}`, `第${i}研究院`, 'UNIT', root.id, `${root.id}`]);
  for (let i = 1; i <= NOMINATOR_ORGS; i++) orgRows.push([`BN${i}`, `第${i}提名单位`, 'NOMINATOR', root.id, `${root.id}`]);
  await insertRows(client, 'sys_org', ['org_code', 'org_name', 'org_type', 'parent_org_id', 'parent_org_ids'], orgRows);
  const orgs = (await client.query(`select id, org_code from sys_org where org_code like 'B%' and del_flag = 0 order by id`)).rows;
  const unitOrgs = orgs.filter((o) => o.org_code.startsWith('BU')).map((o) => Number(o.id));
  const nominatorOrgs = orgs.filter((o) => o.org_code.startsWith('BN')).map((o) => Number(o.id));

  // Applicants sign in with the administrator's password (its hash is copied): the bench signs in as one.
  const admin = await one(client, `select password_hash from sys_user where username = 'admin'`);
  const applicantRole = await one(client, `select id from sys_role where role_code = 'APPLICANT' and del_flag = 0`);
  const applicantCount = Math.ceil(DECLARATIONS / 5) + 1;
  const userRows = [];
  for (let i = 0; i < applicantCount; i++) userRows.push([`bench_applicant${i}`, admin.password_hash, personName(i + 7), 'CLIENT']);
  await insertRows(client, 'sys_user', ['username', 'password_hash', 'realname', 'user_type'], userRows);
  const users = (await client.query(`select id from sys_user where username like 'bench_applicant%' order by id`)).rows.map((u) => Number(u.id));
  await insertRows(client, 'sys_user_role', ['user_id', 'role_id'], users.map((id) => [id, applicantRole.id]));

  const year = new Date().getUTCFullYear() + 20;
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const stages = [{ stage: 'DECLARATION', startDate: today, endDate: later }];
  const edition = await one(
    client,
    `insert into award_edition (year, edition_name, stages, unit_review, nominator_review, fix_deadline_working_days, eligibility, published, phase)
     values ($1, $2, $3, true, true, 5, $4, true, 'DECLARING') returning id`,
    [year, `${year}年度科学技术奖（基准）`, JSON.stringify(stages), JSON.stringify({ onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true })],
  );
  const prizes = (await client.query(`select id from award_prize where del_flag = 0 order by id`)).rows.map((p) => Number(p.id));
  await insertRows(client, 'award_edition_prize', ['edition_id', 'prize_id', 'sort'], prizes.map((id, i) => [edition.id, id, i]));

  say(`inserting ${DECLARATIONS.toLocaleString('en')} declarations, ${(DECLARATIONS * COMPLETERS).toLocaleString('en')} completers …`);
  const declarationRows = [];
  const people = [];
  for (let n = 0; n < DECLARATIONS; n++) {
    const completers = Array.from({ length: COMPLETERS }, (_, k) => ({ name: personName(n * COMPLETERS + k), idNumber: residentId(n * COMPLETERS + k), unitName: `第${1 + ((n + k) % UNIT_ORGS)}研究院` }));
    const units = Array.from({ length: UNITS }, (_, k) => ({ unitName: `第${1 + ((n + k) % UNIT_ORGS)}研究院`, creditCode: creditCode(1 + ((n + k) % 5000)) }));
    const unitOrgId = unitOrgs[n % unitOrgs.length];
    const nominatorOrgId = nominatorOrgs[n % nominatorOrgs.length];
    const { status } = planOf(n);
    const content = contentOf(n, { unitOrgId, nominatorOrgId, completers, units });
    const submitted = status !== 'DRAFT';
    declarationRows.push([
      edition.id, prizes[n % prizes.length], users[Math.floor(n / prizes.length)], personName(Math.floor(n / prizes.length) + 7), unitOrgId, nominatorOrgId,
      projectTitle(n), content.BASIC.proposedGrade, content.BASIC.disciplineCodes[0], 'PUBLIC', status,
      submitted ? `DJ${year}${String(n + 1).padStart(6, '0')}` : null, JSON.stringify(content), COMPLETERS, completers[0].name,
      submitted ? new Date(Date.now() - (DECLARATIONS - n) * 60_000).toISOString() : null,
    ]);
    people.push({ completers, units });
  }
  await insertRows(
    client,
    'award_declaration',
    ['edition_id', 'prize_id', 'applicant_id', 'applicant_name', 'unit_org_id', 'nominator_org_id', 'title', 'proposed_grade', 'discipline_code', 'secrecy', 'status', 'registration_no', 'content', 'completer_count', 'first_completer', 'submit_time'],
    declarationRows,
  );
  const ids = (await client.query(`select id from award_declaration where edition_id = $1 order by id`, [edition.id])).rows.map((r) => Number(r.id));
  const completerRows = [];
  const unitRows = [];
  ids.forEach((id, n) => {
    people[n].completers.forEach((c, k) => completerRows.push([id, edition.id, k + 1, c.name, c.idNumber, c.unitName]));
    people[n].units.forEach((u, k) => unitRows.push([id, edition.id, k + 1, u.unitName, u.creditCode]));
  });
  await insertRows(client, 'award_declaration_completer', ['declaration_id', 'edition_id', 'rank', 'name', 'id_number', 'unit_name'], completerRows);
  await insertRows(client, 'award_declaration_unit', ['declaration_id', 'edition_id', 'rank', 'unit_name', 'credit_code'], unitRows);

  // The bench's own applicant: a full draft to check, on the last applicant account.
  const draft = ids.find((_, n) => planOf(n).status === 'DRAFT');
  const owner = await one(client, `select applicant_id from award_declaration where id = $1`, [draft]);
  const ownerName = await one(client, `select username from sys_user where id = $1`, [owner.applicant_id]);
  const prize = await one(client, `select form_config from award_prize p join award_declaration d on d.prize_id = p.id where d.id = $1`, [draft]);
  const required = prize.form_config?.requiredAttachments ?? [];
  await client.query(
    `update award_declaration set content = jsonb_set(content, '{ATTACHMENTS}', $2::jsonb) where id = $1`,
    [draft, JSON.stringify({ attachments: required.map((type, i) => ({ type, fileId: String(i + 1), fileName: `${type}.pdf` })) })],
  );
  const sample = await one(client, `select registration_no from award_declaration where registration_no is not null order by id offset 77 limit 1`);
  return { sampleRegistrationNo: sample.registration_no, editionId: Number(edition.id), prizeId: prizes[0], unitOrgId: unitOrgs[3], nominatorOrgId: nominatorOrgs[2], draftId: draft, draftOwner: ownerName.username, sampleName: personName(4321), sampleTitle: projectTitle(77).slice(0, 6) };
}

async function measure(url, body, token) {
  const times = [];
  let answer = null;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const started = performance.now();
    const res = await postJson(url, body, token);
    const ms = performance.now() - started;
    if (res.status !== 200 || res.json?.code !== '0000') return { error: `HTTP ${res.status} ${res.text.slice(0, 200)}` };
    answer = res.json.data;
    if (i >= WARMUP) times.push(ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { answer, latencyMs: { p50: round(percentile(sorted, 50), 1), p95: round(percentile(sorted, 95), 1), max: round(sorted.at(-1), 1) } };
}

export async function runDeclarationsBench({ databaseUrl = process.env.DATABASE_URL } = {}) {
  if (!databaseUrl) throw new Error('bench/declarations needs DATABASE_URL (a PostgreSQL server), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/declarations/run.mjs');
  const results = { benchmark: 'declarations', date: new Date().toISOString(), machine: machineInfo(), settings: { declarations: DECLARATIONS, completersEach: COMPLETERS, unitsEach: UNITS, samples: SAMPLES, warmup: WARMUP, targets: TARGETS }, cases: [], failures: [] };
  results.machine.busyAtStart = warnIfBusy('declarations');
  const say = (msg) => console.log(`[declarations] ${msg}`);
  const benchDb = await createBenchDatabase(databaseUrl, BENCH_DB);
  const dataDir = makeTempDir('declarations');
  let server = null;
  const client = new pg.Client({ connectionString: benchDb.url, application_name: 'dandelion-bench-declarations' });
  try {
    say('first start on a fresh database (migrations + seed) …');
    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    await server.stop();
    server = null;
    await client.connect();
    let t = performance.now();
    const facts = await seed(client, say);
    results.seed = { ms: Math.round(performance.now() - t) };
    t = performance.now();
    await client.query('vacuum analyze award_declaration, award_declaration_completer, award_declaration_unit');
    results.seed.vacuumAnalyzeMs = Math.round(performance.now() - t);
    const { rows: [size] } = await client.query(`select pg_size_pretty(pg_total_relation_size('award_declaration')) as declarations, pg_size_pretty(pg_total_relation_size('award_declaration_completer')) as completers`);
    results.seed.size = size;
    say(`seeded in ${results.seed.ms} ms: declarations ${size.declarations}, completers ${size.completers}`);

    server = await startServer({ dataDir, databaseUrl: benchDb.url });
    const signIn = async (username) => (await postJson(`${server.url}/callback?client_name=myform_client`, { username, password: ADMIN_PASSWORD })).json?.data?.token;
    const admin = await signIn('admin');
    const applicant = await signIn(facts.draftOwner);
    if (!admin || !applicant) throw new Error('sign-in failed');

    results.machineBeforeCalls = await waitForQuiet('declarations');
    const page = (extra, pageParameter = { pageNum: 1, pageSize: 20 }) => ({ pageParameter, ...extra });
    const listCases = [
      ['default view', page({})],
      ['edition', page({ editionId: String(facts.editionId) })],
      ['edition + prize', page({ editionId: String(facts.editionId), prizeId: String(facts.prizeId) })],
      ['status 待形式审查', page({ status: 'NOMINATED' })],
      ['edition + prize + status', page({ editionId: String(facts.editionId), prizeId: String(facts.prizeId), status: 'ACCEPTED' })],
      ['unit', page({ unitOrgId: String(facts.unitOrgId) })],
      ['nominator + status', page({ nominatorOrgId: String(facts.nominatorOrgId), status: 'NOMINATED' })],
      ['discipline prefix 520', page({ disciplineCode: '520' })],
      ['keyword: title words', page({ keyword: facts.sampleTitle })],
      ['keyword: completer name', page({ keyword: facts.sampleName })],
      ['keyword: registration no.', page({ keyword: facts.sampleRegistrationNo })],
      ['deep page 400 × 20', page({}, { pageNum: 400, pageSize: 20 })],
    ];
    for (const [name, body] of listCases) {
      const r = await measure(`${server.url}/rest/declare/getDeclarePage`, body, admin);
      if (r.error) results.failures.push(`${name}: ${r.error}`);
      const row = { name, call: '/rest/declare/getDeclarePage', body, total: r.answer?.total ?? null, listed: r.answer?.list?.length ?? null, latencyMs: r.latencyMs ?? null, target: TARGETS.listP95Ms };
      results.cases.push(row);
      say(`${name}: p50 ${row.latencyMs?.p50} ms, p95 ${row.latencyMs?.p95} ms, total ${row.total}`);
    }
    const counts = await measure(`${server.url}/rest/declare/getStatusCounts`, { editionId: String(facts.editionId) }, admin);
    results.cases.push({ name: 'status counts', call: '/rest/declare/getStatusCounts', latencyMs: counts.latencyMs ?? null, target: TARGETS.listP95Ms });
    if (counts.error) results.failures.push(`status counts: ${counts.error}`);
    const check = await measure(`${server.url}/rest/declare/check`, { declarationId: String(facts.draftId) }, applicant);
    if (check.error) results.failures.push(`check: ${check.error}`);
    results.cases.push({ name: 'check a full declaration', call: '/rest/declare/check', problems: check.answer?.problems?.length ?? null, latencyMs: check.latencyMs ?? null, target: TARGETS.checkP95Ms });
    for (const c of results.cases) c.meetsTarget = c.latencyMs ? c.latencyMs.p95 <= c.target : false;
  } catch (err) {
    results.failures.push(`aborted: ${err.message}`);
    throw err;
  } finally {
    if (server) await server.stop();
    await client.end().catch(() => {});
    await benchDb.drop();
    removeDir(dataDir);
    const file = writeResult('declarations.json', results);
    printTable(
      ['case', 'total', 'p50 ms', 'p95 ms', 'max ms', 'target p95', 'ok'],
      results.cases.map((c) => [c.name, c.total ?? c.problems ?? '', c.latencyMs?.p50, c.latencyMs?.p95, c.latencyMs?.max, c.target, c.meetsTarget ? 'yes' : 'NO']),
      { title: `Declarations — ${DECLARATIONS.toLocaleString('en')} in one edition × ${COMPLETERS} completers, PostgreSQL, ${SAMPLES} sequential calls per case` },
    );
    console.log(`[declarations] wrote ${path.relative(process.cwd(), file)}`);
  }
  if (results.failures.length) throw new Error(`declarations benchmark FAILED:\n  ${results.failures.join('\n  ')}`);
  return results;
}

if (isMain(import.meta.url)) {
  runDeclarationsBench().catch((err) => {
    console.error(`\n✖ ${err.message}`);
    process.exitCode = 1;
  });
}
