#!/usr/bin/env node
// Rich-text editor bundle figures, measured apart from the app's own pages (whose chunks mix the
// editor with the rest of the form): this builds two probe pages with the app's own Vite config
// and reports, gzip -9:
//   - minimal (probe-minimal.tsx): an antd form holding the editor, and a RichTextView;
//   - console (probe-console.tsx): the same inside a page using the antd components console pages
//     load anyway, i.e. what the editor costs in a CMS form;
// for each: the page's own JavaScript (must hold no Tiptap/ProseMirror: the editor is lazy), the
// editor chunk (EditorCore with Tiptap) and all files first fetched when an editor appears.
// Writes bench/results/rich-text-editor.json; exits non-zero if Tiptap leaks into a page chunk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { isMain, repoRoot } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';

const WEB = path.join(repoRoot, 'apps/web');
const PROBES = { minimal: 'probe-minimal.tsx', console: 'probe-console.tsx' };
const EDITOR_CORE = 'src/components/RichTextEditor/EditorCore.tsx';

const sizeOf = (file) => {
  const body = fs.readFileSync(file);
  return { rawBytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
};

async function measureProbe(build, probe) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dl-rte-bundle-'));
  try {
    await build({
      configFile: path.join(WEB, 'vite.config.ts'),
      root: WEB,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, rolldownOptions: { input: { probe: path.join(repoRoot, 'bench/rich-text-editor', probe) } } },
    });
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
    const closure = (key, seen = new Set()) => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
      return seen;
    };
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const coreKey = Object.keys(manifest).find((key) => key.endsWith(EDITOR_CORE));
    if (!entryKey || !coreKey) throw new Error('the probe build has no entry or no EditorCore chunk');

    const files = (keys) => [...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]);
    const measure = (list) => {
      const rows = [...new Set(list)].map((file) => ({ file, ...sizeOf(path.join(outDir, file)) }));
      const js = rows.filter((r) => r.file.endsWith('.js'));
      const css = rows.filter((r) => r.file.endsWith('.css'));
      const sum = (rs, k) => rs.reduce((n, r) => n + r[k], 0);
      return { files: rows, js: { rawBytes: sum(js, 'rawBytes'), gzipBytes: sum(js, 'gzipBytes') }, css: { rawBytes: sum(css, 'rawBytes'), gzipBytes: sum(css, 'gzipBytes') } };
    };

    const page = closure(entryKey);
    const editorOnTop = [...closure(coreKey)].filter((key) => !page.has(key));
    const pageFiles = files(page);
    const tiptapInPage = pageFiles.filter((f) => f.endsWith('.js') && /ProseMirror|prosemirror-|@tiptap/.test(fs.readFileSync(path.join(outDir, f), 'utf8')));

    return {
      editorChunk: { file: manifest[coreKey].file, ...sizeOf(path.join(outDir, manifest[coreKey].file)) },
      editorOnTopOfPage: measure(files(editorOnTop)),
      page: measure(pageFiles),
      tiptapInPageChunks: tiptapInPage,
    };
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

export async function runRichTextEditorBench() {
  const { build } = await import(path.join(repoRoot, 'node_modules/vite/dist/node/index.js'));
  const probes = {};
  for (const [name, file] of Object.entries(PROBES)) probes[name] = await measureProbe(build, file);
  const result = { date: new Date().toISOString(), node: process.version, probes };
  const kb = (n) => round(n / 1024, 1);
  printTable(
    ['probe page', 'editor chunk gzip KB', 'all JS an editor adds, gzip KB', 'its CSS gzip KB', 'page JS gzip KB', 'Tiptap in page chunks'],
    Object.entries(probes).map(([name, p]) => [
      name,
      kb(p.editorChunk.gzipBytes),
      kb(p.editorOnTopOfPage.js.gzipBytes),
      kb(p.editorOnTopOfPage.css.gzipBytes),
      kb(p.page.js.gzipBytes),
      p.tiptapInPageChunks.length ? p.tiptapInPageChunks.join(' ') : 'none',
    ]),
    { title: 'Rich-text editor bundle (bench/results/rich-text-editor.json)' },
  );
  writeResult('rich-text-editor.json', result);
  if (Object.values(probes).some((p) => p.tiptapInPageChunks.length)) {
    console.error('✖ Tiptap/ProseMirror found in a page chunk: the editor is no longer lazy');
    process.exitCode = 1;
  }
  return result;
}

if (isMain(import.meta.url)) await runRichTextEditorBench();
