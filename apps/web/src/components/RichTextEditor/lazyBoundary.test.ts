/**
 * Importing components/RichTextEditor must not pull Tiptap into the importing page's chunk: only
 * the shell is reachable through static imports; EditorCore (and Tiptap with it) loads through the
 * shell's dynamic import(). This walks the static imports from index.ts and fails if one reaches
 * the editor library. (The build confirms it: the editor is its own chunk, see docs.)
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const SRC = resolve(HERE, '../..');
/** `import … from '…'` and `export … from '…'`, not `import('…')`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, resolve(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

function staticGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || file.endsWith('.css')) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      const local = resolveLocal(file, specifier);
      if (local) visit(local);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  };
  visit(entry);
  return { files: [...files].map((file) => file.slice(SRC.length + 1)), packages: [...packages] };
}

describe('lazy boundary', () => {
  it('the static import graph of components/RichTextEditor holds neither Tiptap nor EditorCore', () => {
    const { files, packages } = staticGraph(resolve(HERE, 'index.ts'));
    expect(files).toContain('components/RichTextEditor/RichTextEditor.tsx');
    expect(files.filter((file) => /EditorCore|Toolbar|extensions|changeGate|useImageUploads/.test(file))).toEqual([]);
    expect(packages.filter((name) => name.startsWith('@tiptap') || name.startsWith('prosemirror'))).toEqual([]);
  });

  it('the shell loads EditorCore through a dynamic import', () => {
    expect(readFileSync(resolve(HERE, 'RichTextEditor.tsx'), 'utf8')).toMatch(/import\(['"]\.\/EditorCore['"]\)/);
  });
});
