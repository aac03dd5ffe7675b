// Printing tables and writing bench/results/*.json.
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir } from './paths.mjs';

/** Display width: CJK characters take two columns in a terminal. */
function width(s) {
  let w = 0;
  for (const ch of String(s)) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}
const pad = (s, n, right) => {
  const fill = ' '.repeat(Math.max(0, n - width(s)));
  return right ? fill + s : s + fill;
};

/** Prints rows (arrays of cells) under `headers`; numbers are right-aligned. */
export function printTable(headers, rows, { title } = {}) {
  const cells = rows.map((r) => r.map((c) => (c == null ? '—' : String(c))));
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((r) => width(r[i] ?? ''))));
  const numeric = headers.map((_, i) => rows.every((r) => r[i] == null || typeof r[i] === 'number' || /^[\d.,×x%+-]+$/.test(String(r[i]))));
  const line = (r) => '| ' + r.map((c, i) => pad(c, widths[i], numeric[i])).join(' | ') + ' |';
  if (title) console.log(`\n${title}`);
  console.log(line(headers));
  console.log('|' + widths.map((w, i) => (numeric[i] ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') + '|');
  for (const r of cells) console.log(line(r));
}

export function writeResult(name, data) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, name);
  fs.writeFileSync(file, JSON.stringify(data, null, 2) + '\n');
  return file;
}

export function readResult(name) {
  const file = path.join(resultsDir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

export const round = (n, digits = 1) => (n == null || Number.isNaN(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
