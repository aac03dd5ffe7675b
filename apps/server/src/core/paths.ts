import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root, found by walking up from this file: it is the same
 * whether the code runs from src/ (tests, dev) or from the bundle in dist/.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@dandelion/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('找不到 @dandelion/server 的根目录');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const repoRoot = path.resolve(serverRoot, '..', '..');
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');
export const defaultWebDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
